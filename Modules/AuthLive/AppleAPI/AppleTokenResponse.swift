/// What Apple's token endpoint answers (`TokenResponse`): an access token; an identity token after a
/// code exchange, and after a refresh when Apple sends one (its documentation shows one, and
/// developers report answers without); a refresh token only when a code was exchanged. Printing or
/// dumping it shows none of the tokens.
struct AppleTokenResponse: Sendable {
    /// The access token (`access_token`): its arrival is Apple's confirmation of a refresh token.
    let accessToken: String?
    /// The identity token (`id_token`), verified before anything in it is trusted.
    let identityToken: String?
    /// The refresh token (`refresh_token`), from a code exchange only.
    let refreshToken: String?

    /// The response in Apple's JSON `object`; a token that is missing, empty or not a string is nil.
    init(_ object: [String: JSONValue]) {
        func token(_ name: String) -> String? { object[name]?.string.flatMap { $0.isEmpty ? nil : $0 } }
        accessToken = token("access_token")
        identityToken = token("id_token")
        refreshToken = token("refresh_token")
    }
}

extension AppleTokenResponse: CustomStringConvertible, CustomReflectable {
    var description: String {
        func shown(_ token: String?) -> String { token == nil ? "nil" : "<redacted>" }
        return "AppleTokenResponse(accessToken: \(shown(accessToken)), identityToken: \(shown(identityToken)), "
            + "refreshToken: \(shown(refreshToken)))"
    }
    var customMirror: Mirror { Mirror(self, children: ["description": description]) }
}
