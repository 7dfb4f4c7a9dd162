import PersistenceInterface

/// One way to reach the seller (the seed's Core Data entity): a row of the `sellerContacts` table, keyed by `order`.
///
/// Remote config sends the contacts as a JSON array of `{address, order, phone}`; the screen shows
/// the one with the lowest `order` first, so `order` is unique and is the primary key.
public struct SellerContacts: DatabaseRecord, Equatable, Hashable, Sendable {
    /// The table that stores the contacts.
    public static let tableName = "sellerContacts"

    /// The contacts are keyed by their position.
    public static let primaryKey = "order"

    /// The postal address, if the seller gave one.
    public var address: String?
    /// The position in which the contact is shown; unique.
    public var order: Int16
    /// The phone number, if the seller gave one.
    public var phone: String?

    /// A contact.
    public init(address: String?, order: Int16, phone: String?) {
        self.address = address
        self.order = order
        self.phone = phone
    }

    /// Every contact sorted by `order` (the seed's `fetchRequestWithSort()`).
    public static func fetchRequestWithSort() -> Query<SellerContacts> {
        order(Column("order").asc)
    }
}
