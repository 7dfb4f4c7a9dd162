import ContactsInterface

/// The tutorial's name for its entity, so the port reads as the tutorial does (the library calls
/// one contact `SellerContact`).
typealias SellerContacts = SellerContact
