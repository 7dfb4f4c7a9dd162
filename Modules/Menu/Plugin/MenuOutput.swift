import FeatureContract
import Foundation
import MenuInterface
import TerminalUI

/// How `bistro menu ...` and `bistro orders` print.
enum MenuOutput {
    /// The catalog with the selection, and the totals: names last, since Hangul takes two cells.
    /// Names came from remote config: their control characters are shown, never sent.
    static func text(_ menus: [MenuItem], style: ConsoleStyle) -> String {
        guard !menus.isEmpty else { return "the menu is empty" }
        let table = TextTable([.init("ID"), .init("PRICE", alignment: .right), .init("COUNT", alignment: .right), .init("NAME")])
        let rows = menus.map { [String($0.id), $0.price.currencyKR(), String($0.count), $0.name] }
        return table.text(rows, style: style) + "\n" + totals(menus)
    }

    static func totals(_ menus: [MenuItem]) -> String {
        guard let totals = try? MenuTotals(menus) else { return "items: too many to count" }
        return "items: \(totals.itemsCount)  total: \(totals.totalPrice.currencyKR())"
    }

    private struct MenuJSON: Encodable {
        struct Item: Encodable {
            let id: Int
            let name: String
            let price: Int
            let count: Int
        }

        let items: [Item]
        let itemsCount: Int
        let totalPrice: Int
    }

    static func json(_ menus: [MenuItem]) throws -> String {
        let totals = try? MenuTotals(menus)
        return try JSONLine.encode(
            MenuJSON(
                items: menus.map { .init(id: $0.id, name: $0.name, price: $0.price, count: $0.count) },
                itemsCount: totals?.itemsCount ?? 0, totalPrice: totals?.totalPrice ?? 0))
    }

    /// One order: its header line, then a line per item.
    static func text(_ order: Receipt, style: ConsoleStyle) -> String {
        let header = style.bold(
            "order \(order.orderID)  \(ISO8601DateFormatter().string(from: order.placedAt))  \(order.total.currencyKR())")
        return ([header] + order.lines.map { "  \($0.count) × \($0.price.currencyKR())  \($0.name.sanitizedForTerminal)" }).joined(
            separator: "\n")
    }

    /// A placed order as `--json` prints it.
    private struct OrderJSON: Encodable {
        struct Line: Encodable {
            let menuID: Int
            let name: String
            let price: Int
            let count: Int
        }

        let id: Int64
        let placedAt: Date
        let total: Int
        let lines: [Line]

        init(_ receipt: Receipt) {
            id = receipt.orderID
            placedAt = receipt.placedAt
            total = receipt.total
            lines = receipt.lines.map { Line(menuID: $0.menuID, name: $0.name, price: $0.price, count: $0.count) }
        }
    }

    static func json(_ orders: [Receipt]) throws -> String {
        try JSONLine.encode(orders.map(OrderJSON.init))
    }
}
