import ContactsInterface
import FeatureContract

/// How `bistro contacts` prints the seller's contacts.
enum ContactsOutput {
    /// Aligned columns: order, phone, address. The address comes last because Hangul takes two
    /// cells and would break the alignment of any column after it. Phone and address came from
    /// remote config: their control characters are shown, never sent to the terminal.
    static func text(_ contacts: [SellerContact], style: ConsoleStyle) -> String {
        guard !contacts.isEmpty else { return "no contacts" }
        let table = TextTable([.init("#"), .init("PHONE"), .init("ADDRESS")])
        return table.text(contacts.map { [String($0.order), $0.phone ?? "-", $0.address ?? "-"] }, style: style)
    }

    /// One JSON array on one line: `[{"address": ..., "order": 0, "phone": ...}]`.
    static func json(_ contacts: [SellerContact]) throws -> String {
        try JSONLine.encode(contacts)
    }
}
