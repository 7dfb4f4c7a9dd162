import AuthInterface
import AuthTesting
import Foundation
import Reactive
import TerminalUI

/// The platform's part of Sign in with Apple on a terminal: what the sign-in button runs to get an
/// `AppleAuthenticationResponse`. A terminal has no Apple sheet, so the live app asks for the
/// identity token an Apple sign-in produced elsewhere (pasted, masked on screen); the fake signs in
/// at once. Cancelling emits nothing, and the feature then sends nothing.
enum SignInSheet {
    /// The fake's response: any non-empty token is accepted by `FakeAuthentication`.
    static func fake() -> Observable<AppleAuthenticationResponse> {
        .just(AppleAuthenticationResponse(userID: FakeAuthentication.defaultUser, identityToken: "fake-identity-token"))
    }

    /// Asks for a token in a prompt over the screen's current controller.
    @MainActor
    static func pastedToken(on screen: Screen) -> () -> Observable<AppleAuthenticationResponse> {
        { [weak screen] in
            guard let presenter = screen?.rootViewController else { return .empty() }
            return presenter.rx
                .prompt(
                    title: "Sign in with Apple",
                    message: "Paste the identity token (a JWT) from your Apple sign-in, then press Enter.",
                    placeholder: "identity token", isSecureTextEntry: true, submitTitle: "Sign in")
                .map { text in
                    let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
                    // As `bistro auth sign-in`: the user is the token's own subject, which the
                    // verifier then checks with the signature.
                    return AppleAuthenticationResponse(userID: IdentityTokenSubject.unverified(token) ?? "", identityToken: token)
                }
        }
    }
}
