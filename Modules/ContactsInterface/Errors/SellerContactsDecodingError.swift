import Foundation

/// Why the remote-config value `seller_contacts` could not become stored contacts; the stored ones are then kept.
///
/// The cases name where the value went wrong, never the value itself: remote config text does not
/// belong in logs or alerts.
public enum SellerContactsDecodingError: Error, Equatable, Sendable {
    /// The value is not JSON, or its top level is not an array.
    case malformedJSON
    /// A contact lacks `order`, or a field has the wrong type or range; `path` says where, e.g. `[1].order`.
    case invalidContact(path: String)
    /// Two contacts share this `order`, which must be unique.
    case duplicateOrder(Int16)
}

extension SellerContactsDecodingError: LocalizedError {
    /// The message an alert shows.
    public var errorDescription: String? {
        switch self {
        case .malformedJSON:
            "The seller's contacts could not be read: they are not a JSON array."
        case .invalidContact(let path):
            "The seller's contacts could not be read: the contact at \(path) is invalid."
        case .duplicateOrder(let order):
            "The seller's contacts could not be read: two contacts share position \(order)."
        }
    }
}
