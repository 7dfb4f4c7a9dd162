import ContactsInterface
import Foundation

/// Reads remote config's `seller_contacts` strictly: either every contact is valid and `order` is unique, or a typed error.
package enum SellerContactsDecoding {
    /// The contacts in `data`, in the order sent; throws `SellerContactsDecodingError` for a bad value.
    package static func decode(_ data: Data) throws(SellerContactsDecodingError) -> [SellerContact] {
        let contacts: [SellerContact]
        do {
            contacts = try JSONDecoder().decode([SellerContact].self, from: data)
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty, let path = outOfRangeOrder(in: data) {
                throw .invalidContact(path: path)
            }
            throw SellerContactsDecodingError(error)
        } catch {
            throw .malformedJSON
        }
        // `order` is the table's key: a duplicate would fail the insert half-way through the
        // transaction, so it is refused before any write, with a reason a person can act on.
        var seen = Set<Int16>()
        for contact in contacts where !seen.insert(contact.order).inserted {
            throw .duplicateOrder(contact.order)
        }
        return contacts
    }

    /// Where an `order` is a number that is not an `Int16` (`[2].order`), or nil.
    ///
    /// Foundation's JSONDecoder on Linux reports such a number as "not valid JSON" with no coding
    /// path, which would blame the whole value; this finds the contact at fault instead.
    private static func outOfRangeOrder(in data: Data) -> String? {
        guard let array = try? JSONSerialization.jsonObject(with: data) as? [Any] else { return nil }
        for (index, element) in array.enumerated() {
            guard let number = (element as? [String: Any])?["order"] as? NSNumber else { continue }
            if Int16(exactly: number.doubleValue) == nil { return "[\(index)].order" }
        }
        return nil
    }
}

extension SellerContactsDecodingError {
    /// The case for a decoding failure: at the top level the value is malformed, below it one contact is invalid.
    init(_ error: DecodingError) {
        let path: [any CodingKey]
        switch error {
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            path = context.codingPath
        case .keyNotFound(let key, let context):
            path = context.codingPath + [key]
        @unknown default:
            path = []
        }
        self = path.isEmpty ? .malformedJSON : .invalidContact(path: Self.describe(path))
    }

    /// `[1].order` for the key `order` of the second element.
    private static func describe(_ path: [any CodingKey]) -> String {
        path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
    }
}
