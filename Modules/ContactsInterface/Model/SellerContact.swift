/// One way to reach the seller (the tutorial's Core Data entity): an address and a phone, shown in
/// `order`, which is unique.
///
/// Remote config sends the contacts as a JSON array of `{address, order, phone}`, which this type
/// decodes; the screen shows the one with the lowest `order` first. How the Contacts feature
/// stores them is its own affair (`Contacts/Storage`).
public struct SellerContact: Codable, Equatable, Hashable, Sendable {
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
}

/// The tutorial's name for one contact (its Core Data entity).
@available(*, deprecated, renamed: "SellerContact")
public typealias SellerContacts = SellerContact
