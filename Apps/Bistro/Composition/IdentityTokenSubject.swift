import Foundation

/// Reads a JWT's `sub` claim WITHOUT verifying anything: the command line has no platform to report
/// the user id, so the response names the token's own subject and the live verifier then checks the
/// signature and every claim (the fake signs that user in).
enum IdentityTokenSubject {
    /// The `sub` of `token`'s payload, or nil when the token is not a JWT with a string `sub`.
    static func unverified(_ token: String) -> String? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64),
              let claims = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let subject = claims["sub"] as? String, !subject.isEmpty else { return nil }
        return subject
    }
}
