import ContactsInterface
import Foundation
import Reactive

/// The tutorial's decoder mock: ignores the bytes, answers with `contacts` and records that it was asked.
final class JSONDecoderMock: JSONDecoding {
    private let contacts: [SellerContacts]
    private let decoded = Locked(false)

    /// A decoder that answers every request with `contacts`.
    init(contacts: [SellerContacts]) {
        self.contacts = contacts
    }

    /// Whether `decode` was called.
    var isDecode: Bool { decoded.withLock { $0 } }

    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        decoded.withLock { $0 = true }
        guard let value = contacts as? T else { throw AppError.unknown }
        return value
    }
}
