import ContactsInterface
import FeatureContract
import RemoteConfigInterface

extension SellerContactRecord {
    /// The remote-config key holding the contacts: a JSON array of `{address, order, phone}`.
    static let key = "seller_contacts"

    /// The contacts table, kept in step with `seller_contacts`: a value is taken whole or not at
    /// all (`SellerContactsDecoding`), and stored only when it differs from the stored contacts.
    static let table = RemoteConfigTable(
        key: key,
        decode: { value in try SellerContactsDecoding.decode(value.dataValue).sorted { $0.order < $1.order } },
        read: { try contacts(in: $0) },
        replace: { contacts, db in try replace(with: contacts, in: db) })
}
