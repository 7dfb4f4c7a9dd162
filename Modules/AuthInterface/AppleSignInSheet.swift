import Dependencies
import Reactive

/// The platform's Sign in with Apple sheet: what the sign-in button runs to get Apple's response,
/// which the authentication client then verifies.
///
/// On Apple platforms this is `ASAuthorizationController`'s sheet; a terminal has none, and the
/// Auth feature's own asks for a pasted identity token. The composition installs another (the
/// fake's answers at once) as the `appleSignInSheet` dependency.
public struct AppleSignInSheet: Sendable {
    /// Presents the sheet: emits Apple's response, or completes empty when the user cancelled.
    public var present: @MainActor @Sendable () -> Observable<AppleAuthenticationResponse>

    /// A sheet that runs `present`.
    public init(present: @escaping @MainActor @Sendable () -> Observable<AppleAuthenticationResponse>) {
        self.present = present
    }
}

extension DependencyValues {
    /// The sheet the sign-in button presents; nil (the default) lets the screen present its own.
    public var appleSignInSheet: AppleSignInSheet? {
        get { self[AppleSignInSheetKey.self] }
        set { self[AppleSignInSheetKey.self] = newValue }
    }
}

/// No sheet unless the composition installs one, in an app and in tests alike.
private enum AppleSignInSheetKey: DependencyKey {
    static var liveValue: AppleSignInSheet? { nil }
    static var testValue: AppleSignInSheet? { nil }
}
