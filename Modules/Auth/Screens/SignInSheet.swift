import AuthInterface
import Foundation
import Reactive
import TerminalUI

/// The platform's part of Sign in with Apple on a terminal: what the sign-in button runs to get an
/// `AppleAuthenticationResponse`. A terminal has no Apple sheet, so the live app asks for the
/// identity token an Apple sign-in produced elsewhere (pasted, masked on screen); the fake signs in
/// at once. Cancelling emits nothing, and the feature then sends nothing.
public enum SignInSheet {
    /// A response any fake sign-in accepts; with no user id it signs in the fake's default user.
    public static func fake() -> Observable<AppleAuthenticationResponse> {
        .just(AppleAuthenticationResponse(userID: "", identityToken: "fake-identity-token"))
    }

    /// Asks for a token in a prompt over the screen's current controller.
    @MainActor
    public static func pastedToken(on screen: Screen) -> () -> Observable<AppleAuthenticationResponse> {
        { [weak screen] in
            guard let presenter = screen?.rootViewController else { return .empty() }
            return presenter.rx
                .prompt(
                    title: "Sign in with Apple",
                    message: "Paste the identity token (a JWT) from your Apple sign-in, then press Enter.",
                    placeholder: "identity token", isSecureTextEntry: true, submitTitle: "Sign in"
                )
                .map { text in
                    // No user id from a platform: the verified token's own subject is the user.
                    AppleAuthenticationResponse(userID: "", identityToken: text.trimmingCharacters(in: .whitespacesAndNewlines))
                }
        }
    }
}
