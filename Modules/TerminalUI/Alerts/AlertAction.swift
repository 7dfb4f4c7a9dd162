/// A button of an alert: its title and style (UIAlertAction's part, RxAlert's `AlertAction`).
public struct AlertAction: Hashable, Sendable {
    /// How an action is shown and what Escape does.
    public enum Style: Hashable, Sendable {
        /// An ordinary action.
        case `default`
        /// The action that Escape chooses.
        case cancel
        /// An action that destroys something, shown in red.
        case destructive
    }

    /// The button's text.
    public let title: String
    /// The button's style.
    public let style: Style

    /// An action.
    public init(title: String, style: Style = .default) {
        self.title = title
        self.style = style
    }
}
