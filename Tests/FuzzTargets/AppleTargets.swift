import AuthLive

extension FuzzTarget {
    /// JSON as every Apple answer, token part and notification is read: strictly, duplicates refused.
    static let strictJSON = FuzzTarget("strict-json", "JSON as Apple's answers, tokens and notifications are read") { bytes in
        Result { () throws(JSONParseError) in try StrictJSONParser.parse(bytes) }.outcome
    }

    /// An identity token: three base64url parts, the header and the claims.
    static let identityToken = FuzzTarget("identity-token", "an identity token (JWS compact form): header and claims") {
        AppleInputDecoding.identityToken($0).outcome
    }

    /// Apple's key set, each usable key made into an OpenSSL public key.
    static let keySet = FuzzTarget("key-set", "Apple's published key set (JWKS), each key made into an OpenSSL key") {
        AppleInputDecoding.keySet($0).outcome
    }

    /// A server-to-server notification as Apple POSTs it.
    static let appleNotification = FuzzTarget("apple-notification", "a server-to-server notification: envelope, JWS, events") {
        AppleInputDecoding.notification($0).outcome
    }

    /// A Sign in with Apple key file (`.p8`): PEM, PKCS#8, P-256, the scalar's range.
    static let signingKey = FuzzTarget("signing-key", "a Sign in with Apple .p8 key file: PEM, PKCS#8, SEC 1, P-256") { bytes in
        Result { () throws(AppleSigningKeyError) in
            try AppleSigningKey(teamID: "ABCDE12345", keyID: "KEY1234567", pem: bytes, path: "AuthKey.p8")
        }.outcome
    }
}
