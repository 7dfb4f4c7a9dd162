import ContactsInterface
import PersistenceInterface

/// A contact as stored: a row of `sellerContacts`, keyed by `order` (see `ContactsMigrations`).
struct SellerContactRecord: DatabaseRecord, Equatable {
    static let tableName = "sellerContacts"
    static let primaryKey = "order"

    var address: String?
    var order: Int16
    var phone: String?

    /// The row of `contact`.
    init(_ contact: SellerContact) {
        address = contact.address
        order = contact.order
        phone = contact.phone
    }

    /// The contact the row holds.
    var contact: SellerContact { SellerContact(address: address, order: order, phone: phone) }

    /// Every contact sorted by `order` (the tutorial's `SellerContact.fetchRequestWithSort()`).
    static func fetchRequestWithSort() -> Query<SellerContactRecord> {
        order(Column("order").asc)
    }

    /// The stored contacts, sorted by `order`.
    static func contacts(in db: any ReadTransaction) throws -> [SellerContact] {
        try db.fetchAll(fetchRequestWithSort()).map(\.contact)
    }

    /// Makes the table hold exactly `contacts`, in one transaction: the caller's write.
    static func replace(with contacts: [SellerContact], in db: any WriteTransaction) throws {
        try db.deleteAll(SellerContactRecord.self)
        for contact in contacts { try db.insert(SellerContactRecord(contact)) }
    }
}
