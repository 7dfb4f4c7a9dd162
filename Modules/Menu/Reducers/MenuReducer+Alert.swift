import MenuInterface

extension MenuReducer {
    /// The alert: a failed load ("Menu Fail"), a failed order ("Order Fail"), a placed order
    /// ("Order Placed") or one the view model presents replaces it; its OK dismisses it.
    public static func alert(action: MenuAction, state: MenuAlert?) -> MenuAlert? {
        switch action {
        case .fetchMenu(.failure(let error)):
            MenuAlert(title: MenuAlert.menuFail, message: error.description)
        case .placeOrder(.failure(let error)):
            MenuAlert(title: MenuAlert.orderFail, message: error.description)
        case .placeOrder(.success(let receipt)):
            MenuAlert(title: "Order Placed", message: "Order \(receipt.orderID): \(receipt.total.currencyKR())")
        case .alert(.present(let alert)):
            alert
        case .alert(.dismiss):
            nil
        case .fetchMenu(.request), .fetchMenu(.success), .placeOrder(.request):
            state
        }
    }
}

extension MenuAlert {
    /// The title of an alert for a catalog that could not be loaded.
    static let menuFail = "Menu Fail"
    /// The title of an alert for an order refused or failed.
    static let orderFail = "Order Fail"
    /// The title of an alert for a count refused.
    static let countFail = "Count Fail"
    /// The title of an alert for a selection that could not be read or changed.
    static let selectionFail = "Selection Fail"
}
