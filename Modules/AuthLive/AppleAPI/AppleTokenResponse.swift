/// What Apple's token endpoint answers (`TokenResponse`): an identity token always, a refresh token
/// only when a code was exchanged. Printing or dumping it shows none of the tokens.
struct AppleTokenResponse: Sendable {
    /// The identity token (`id_token`), verified before anything in it is trusted.
    let identityToken: String
    /// The refresh token (`refresh_token`), from a code exchange only.
    let refreshToken: String?

    /// The response in Apple's JSON `object`; nil when it has no identity token.
    init?(_ object: [String: JSONValue]) {
        guard let identityToken = object["id_token"]?.string, !identityToken.isEmpty else { return nil }
        self.identityToken = identityToken
        refreshToken = object["refresh_token"]?.string.flatMap { $0.isEmpty ? nil : $0 }
    }
}

extension AppleTokenResponse: CustomStringConvertible, CustomReflectable {
    var description: String { "AppleTokenResponse(identityToken: <redacted>, refreshToken: \(refreshToken == nil ? "nil" : "<redacted>"))" }
    var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}
