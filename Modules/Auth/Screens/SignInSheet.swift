import AuthInterface
import Foundation
import Reactive
import TerminalUI

/// The platform's part of Sign in with Apple on a terminal, when the composition installed no
/// `appleSignInSheet`: a terminal has no Apple sheet, so it asks for the identity token an Apple
/// sign-in produced elsewhere (pasted, masked on screen). Cancelling emits nothing, and the feature
/// then sends nothing.
public enum SignInSheet {
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
