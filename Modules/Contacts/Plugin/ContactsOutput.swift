import ContactsInterface
import FeatureContract
import TerminalUI

/// How `bistro contacts` prints the seller's contacts.
enum ContactsOutput {
    /// Aligned columns: order, phone, address. The address comes last because Hangul takes two
    /// cells and would break the alignment of any column after it. Phone and address came from
    /// remote config: their control characters are shown, never sent to the terminal.
    static func text(_ contacts: [SellerContacts], style: ConsoleStyle) -> String {
        guard !contacts.isEmpty else { return "no contacts" }
        let contacts = contacts.map {
            SellerContacts(address: $0.address?.sanitizedForTerminal, order: $0.order, phone: $0.phone?.sanitizedForTerminal)
        }
        let orderWidth = max(1, contacts.map { String($0.order).count }.max() ?? 1)
        let phoneWidth = max(5, contacts.map { ($0.phone ?? "-").count }.max() ?? 5)
        func row(_ order: String, _ phone: String, _ address: String) -> String {
            order.padding(toLength: orderWidth, withPad: " ", startingAt: 0) + "  "
                + phone.padding(toLength: phoneWidth, withPad: " ", startingAt: 0) + "  " + address
        }
        let header = style.bold(row("#", "PHONE", "ADDRESS"))
        return ([header] + contacts.map { row(String($0.order), $0.phone ?? "-", $0.address ?? "-") }).joined(separator: "\n")
    }

    /// One JSON array on one line: `[{"address": ..., "order": 0, "phone": ...}]`.
    static func json(_ contacts: [SellerContacts]) throws -> String {
        try JSONLine.encode(contacts)
    }
}
