import Foundation
import Persistence
import PersistenceInterface
import XCTest

/// A record's texts and blobs are bound from memory its statement keeps, which SQLite reads in
/// place: what is stored must be each record's own values, whatever lengths follow one another
/// through one statement, however the record makes them, and whichever record types share it.
final class InPlaceBindingTests: XCTestCase {
    private struct Document: DatabaseRecord, Equatable {
        static let tableName = "documents"
        var id: Int64
        var title: String
        var body: Data
        var note: String?
    }

    /// The same table and columns as `Document`, so the same SQL and the same prepared statement.
    private struct Draft: DatabaseRecord, Equatable {
        static let tableName = "documents"
        var id: Int64
        var title: String
        var body: Data
        var note: String?
    }

    /// Encodes values made on the spot, gone as soon as `encode(to:)` returns.
    private struct ShoutedDocument: DatabaseRecord {
        static let tableName = "documents"
        var id: Int64
        var title: String
        var body: Data

        enum CodingKeys: String, CodingKey { case id, title, body, note }

        init(id: Int64, title: String, body: Data) {
            self.id = id
            self.title = title
            self.body = body
        }

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int64.self, forKey: .id)
            title = try container.decode(String.self, forKey: .title)
            body = try container.decode(Data.self, forKey: .body)
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(title.uppercased(), forKey: .title)
            try container.encode(Data(body.reversed()), forKey: .body)
            try container.encode("\(title.count) characters", forKey: .note)
        }
    }

    /// Writes its columns itself: bound through `PersistenceContainer`, the same in-place path.
    private struct WrittenDocument: EncodableRecord {
        static let tableName = "documents"
        var id: Int64
        var title: String
        var body: Data
        var note: String?

        func encode(to container: inout PersistenceContainer) throws {
            container["id"] = id
            container["title"] = title
            container["body"] = body
            container["note"] = note
        }
    }

    private static let schema = Migration(
        "createDocuments", sql: "CREATE TABLE documents (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body BLOB NOT NULL, note TEXT)")

    /// Byte lengths that grow, shrink, cross the kept memory's capacities and its limit (4,096).
    private static let lengths = [1, 15, 16, 31, 33, 100, 2_000, 4_096, 4_097, 10_000, 7, 64, 3_000, 2]

    private func document(_ id: Int64, length: Int) -> Document {
        // Two-byte characters, so the text's byte count is not its character count.
        let title = String(repeating: "é", count: length / 2) + (length % 2 == 1 ? "x" : "")
        let body = Data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(id)) })
        return Document(id: id, title: title, body: body, note: length % 3 == 0 ? nil : "note \(id)")
    }

    /// One document of each of `lengths`, ids 1, 2, … in that order.
    private var documentsOfEveryLength: [Document] {
        Self.lengths.enumerated().map { document(Int64($0.offset + 1), length: $0.element) }
    }

    /// A fresh database into which `insert` wrote each of `documents`, in order, in one transaction.
    private func database(
        inserting documents: [Document], with insert: (any WriteTransaction, Document) throws -> Void
    ) throws -> SQLiteDatabase {
        let database = try SQLiteDatabase.inMemory(migrations: [Self.schema])
        try database.write { db in for document in documents { try insert(db, document) } }
        return database
    }

    func testEachRowStoresItsOwnTextsAndBlobsWhateverTheirLengths() throws {
        let documents = documentsOfEveryLength
        let database = try database(inserting: documents) { try $0.insert($1) }
        XCTAssertEqual(try database.read { try $0.fetchAll(Document.self) }, documents)

        // Through the update and upsert statements too, every length moved to another row.
        let updated = documents.map { document($0.id, length: Self.lengths[(Int($0.id) + 3) % Self.lengths.count]) }
        try database.write { db in
            for (index, document) in updated.enumerated() {
                if index % 2 == 0 { try db.update(document) } else { try db.upsert(document) }
            }
        }
        XCTAssertEqual(try database.read { try $0.fetchAll(Document.self) }, updated)
    }

    func testAnEncodableRecordStoresItsOwnTextsAndBlobsToo() throws {
        let documents = documentsOfEveryLength
        let database = try database(inserting: documents) { db, document in
            try db.insert(WrittenDocument(id: document.id, title: document.title, body: document.body, note: document.note))
        }
        XCTAssertEqual(try database.read { try $0.fetchAll(Document.self) }, documents)
    }

    func testValuesARecordMakesWhileEncodingAreStoredIntact() throws {
        let originals = documentsOfEveryLength
        let database = try database(inserting: originals) { db, original in
            try db.insert(ShoutedDocument(id: original.id, title: original.title, body: original.body))
        }
        let expected = originals.map {
            Document(id: $0.id, title: $0.title.uppercased(), body: Data($0.body.reversed()), note: "\($0.title.count) characters")
        }
        XCTAssertEqual(try database.read { try $0.fetchAll(Document.self) }, expected)
    }

    func testRecordTypesSharingAStatementStoreTheirOwnValues() throws {
        let documents = documentsOfEveryLength
        let database = try database(inserting: documents) { db, document in
            if document.id % 2 == 0 {
                try db.insert(document)
            } else {
                try db.insert(Draft(id: document.id, title: document.title, body: document.body, note: document.note))
            }
        }
        XCTAssertEqual(try database.read { try $0.fetchAll(Document.self) }, documents)
    }

    func testAnEmptyTextOrBlobIsStoredEmptyNotNull() throws {
        let database = try SQLiteDatabase.inMemory(migrations: [Self.schema])
        try database.write { db in
            try db.insert(document(1, length: 40))
            try db.insert(Document(id: 2, title: "", body: Data(), note: ""))
        }
        let stored = try database.read {
            try $0.fetchRows(
                sql: "SELECT typeof(title), length(title), typeof(body), length(body), typeof(note) FROM documents WHERE id = 2")
        }
        XCTAssertEqual(stored.first?.values, [.text("text"), .integer(0), .text("blob"), .integer(0), .text("text")])
    }
}
