import Foundation

/// Builds identity tokens the way Apple does, with any part overridable or broken on purpose.
public struct TestToken {
    public static let clientID = "app.bistro.ios"
    public static let userID = "001234.0a1b2c3d4e5f.0042"
    public static let issuer = "https://appleid.apple.com"

    public var header: [String: Any]
    public var claims: [String: Any]

    /// A valid token's header and claims for `key` at `now`: issued now, expiring in ten minutes.
    public init(key: TestKey, now: Date) {
        let seconds = Int(now.timeIntervalSince1970)
        header = ["alg": key.algorithm, "kid": key.id]
        claims = [
            "iss": Self.issuer, "aud": Self.clientID, "exp": seconds + 600, "iat": seconds,
            "sub": Self.userID, "c_hash": "abc", "email": "ada@privaterelay.appleid.com",
            "email_verified": true, "is_private_email": true, "auth_time": seconds, "nonce_supported": true,
        ]
    }

    /// The header and claims, encoded.
    public var encodedParts: (header: String, claims: String) {
        (base64URL(Self.json(header)), base64URL(Self.json(claims)))
    }

    /// The token signed by `key`.
    public func signed(by key: TestKey) -> String {
        let (header, claims) = encodedParts
        let input = header + "." + claims
        return input + "." + base64URL(key.sign(Array(input.utf8)))
    }

    /// The token with `signature` as its third part.
    public func with(signature: [UInt8]) -> String {
        let (header, claims) = encodedParts
        return header + "." + claims + "." + base64URL(signature)
    }

    /// The signing input, for a signature made by hand.
    public var signingInput: [UInt8] {
        let (header, claims) = encodedParts
        return Array((header + "." + claims).utf8)
    }

    private static func json(_ object: [String: Any]) -> [UInt8] {
        Array(try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }
}
