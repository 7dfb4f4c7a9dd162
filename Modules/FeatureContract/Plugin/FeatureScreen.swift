import TerminalUI

/// A screen of the full-screen app, shown as a tab: its view controller, built anew each time the
/// tabs are (after each sign-in), from the services.
public struct FeatureScreen: Sendable {
    /// Builds the screen's view controller; its `title` names the tab.
    public var make: @MainActor @Sendable (FeatureServices) throws -> ViewController

    /// A screen built by `make`.
    public init(make: @escaping @MainActor @Sendable (FeatureServices) throws -> ViewController) {
        self.make = make
    }
}
