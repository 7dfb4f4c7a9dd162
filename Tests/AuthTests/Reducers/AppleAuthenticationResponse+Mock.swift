import AuthInterface

extension AppleAuthenticationResponse {
    /// The seed's mock response, as the platform would hand it over after a sign-in.
    static let mock = AppleAuthenticationResponse(
        userID: "001234.abcd", identityToken: "header.claims.signature", authorizationCode: "c.0.mock",
        email: "ada@example.com", fullName: "Ada Lovelace")
}
