import TerminalUI

/// The session a feature keeps in front of the app's screens: a sign-in.
///
/// The full-screen app starts it on the screen; it shows what it needs (the sign-in screen) and,
/// once the session is open, shows what `open` builds — the other plugins' screens, with the
/// session's own screens (an account tab) after them — and takes it away again when it closes.
public struct FeatureSession: Sendable {
    /// Starts the session on `screen`; returns what must stay alive while the app runs.
    public var start:
        @MainActor @Sendable (
            _ services: FeatureServices, _ screen: Screen, _ open: @escaping @MainActor ([ViewController]) -> ViewController
        ) -> AnyObject

    /// A session that `start` starts.
    public init(
        start:
            @escaping @MainActor @Sendable (
                _ services: FeatureServices, _ screen: Screen, _ open: @escaping @MainActor ([ViewController]) -> ViewController
            ) -> AnyObject
    ) {
        self.start = start
    }
}
