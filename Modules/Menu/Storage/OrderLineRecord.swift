import MenuInterface
import PersistenceInterface

/// One line of a stored order: a row of `menuOrderLines`, keyed by the order and the line's position.
struct OrderLineRecord: DatabaseRecord {
    static let tableName = "menuOrderLines"
    static let primaryKeyColumns = ["orderID", "position"]

    var orderID: Int64
    var position: Int
    var menuID: Int
    var name: String
    var price: Int
    var count: Int

    init(orderID: Int64, position: Int, line: OrderLine) {
        self.orderID = orderID
        self.position = position
        menuID = line.menuID
        name = line.name
        price = line.price
        count = line.count
    }

    /// The line as ordered.
    var line: OrderLine {
        OrderLine(menuID: menuID, name: name, price: price, count: count)
    }
}
