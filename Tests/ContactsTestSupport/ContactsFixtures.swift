import ContactsInterface
import RemoteConfigInterface

/// The contacts the tests store, deliberately not in `order`.
public let sellerContacts = [
    SellerContact(address: "Hauptstraße 2, Berlin", order: 2, phone: "+49 30 2222"),
    SellerContact(address: "Marktplatz 1, Hamburg", order: 0, phone: "+49 40 1111"),
    SellerContact(address: nil, order: 1, phone: "+49 89 3333"),
]

/// What the feature delivers for `sellerContacts`: the same, sorted by `order`.
public let sortedSellerContacts = sellerContacts.sorted { $0.order < $1.order }

/// The contacts of `RemoteConfigSample.sellerContacts`.
public let sampleContacts = [
    SellerContact(address: "서울특별시 종로구 세종대로 175", order: 0, phone: "+82 2-1234-5678"),
    SellerContact(address: "부산광역시 해운대구 해운대해변로 264", order: 1, phone: "+82 51-987-6543"),
]

/// Values of `seller_contacts` that are not a list of contacts (nil: the key is missing and there
/// is no default), each with the error that refuses it.
public let undecodableSellerContacts: [(value: String?, error: SellerContactsDecodingError)] = [
    ("not json", .malformedJSON),
    ("", .malformedJSON),
    (nil, .malformedJSON),
    (#"{"address": "a", "order": 1, "phone": "p"}"#, .malformedJSON),
    (
        #"[{"address": "a", "order": 0, "phone": "p"}, {"address": 7, "order": 1, "phone": "p"}]"#,
        .invalidContact(path: "[1].address")
    ),
    (#"[{"address": "a", "order": "first", "phone": "p"}]"#, .invalidContact(path: "[0].order")),
    (#"[{"address": "a", "order": 1.5, "phone": "p"}]"#, .invalidContact(path: "[0].order")),
    (#"[{"address": "a", "order": 40000, "phone": "p"}]"#, .invalidContact(path: "[0].order")),
    (#"[{"address": "a", "phone": "p"}]"#, .invalidContact(path: "[0].order")),
    (#"[{"address": "a", "order": null, "phone": "p"}]"#, .invalidContact(path: "[0].order")),
    (#"[{"order": 0}, {"order": 3}, {"order": 0}]"#, .duplicateOrder(0)),
]

/// A remote-config value as the server sends it.
public func remoteValue(_ text: String) -> RemoteConfigValue {
    RemoteConfigValue(string: text, source: .remote)
}
