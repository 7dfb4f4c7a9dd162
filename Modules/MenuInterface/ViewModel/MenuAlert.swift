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

    /// Order with nothing selected: "Order Fail" / "No Orders", as the tutorial plans.
    public static let noOrders = MenuAlert(title: "Order Fail", message: "No Orders")
}
