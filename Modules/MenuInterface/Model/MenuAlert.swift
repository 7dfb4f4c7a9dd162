/// A message the menu screen shows in an alert with one "OK" (the tutorial's `showAlert(title, message)`).
public struct MenuAlert: Sendable, Hashable {
    /// The title, in bold.
    public let title: String
    /// The message.
    public let message: String

    /// An alert.
    public init(title: String, message: String) {
        self.title = title
        self.message = message
    }
}
