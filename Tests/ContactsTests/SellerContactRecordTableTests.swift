import ContactsInterface
import ContactsTestSupport
import FeatureContract
import Foundation
import Persistence
import PersistenceInterface
import Reactive
import ReactiveTesting
import RemoteConfigInterface
import RemoteConfigTesting
import TestSupport
import XCTest

@testable import Contacts

/// The contacts table kept in step with `seller_contacts` (`SellerContactRecord.table`), synced
/// through `RemoteConfigTables`: a value is taken whole or not at all, stored in one commit, and only
/// when it differs from the stored contacts; a failure leaves the table as it was.
final class SellerContactsTableTests: XCTestCase {
    private var database: SQLiteDatabase!

    override func setUpWithError() throws {
        database = try makeDatabase(holding: sellerContacts)
    }

    override func tearDown() {
        database = nil
    }

    /// A mock whose every fetch answers `status` at once, holding `value` for `seller_contacts` (no value when nil).
    private func remoteConfig(
        holding value: String?, answering status: RemoteConfigFetchAndActivateStatus = .successFetchedFromRemote
    ) -> FakeRemoteConfig {
        let remoteConfig = FakeRemoteConfig.answeredByHand(
            values: value.map { [SellerContactRecord.key: remoteValue($0)] } ?? [:])
        remoteConfig.answerFetchAndActivate(status)
        return remoteConfig
    }

    /// Runs one sync of the contacts table to its end; throws its failure.
    private func sync(_ remoteConfig: any RemoteConfigProtocol) throws {
        let sync = makeTables(remoteConfig, database).sync(SellerContactRecord.key)
        _ = try sync.asObservable().toBlocking(timeout: 10).toArray()
    }

    /// `contacts` as remote config sends them.
    private func json(_ contacts: [SellerContact]) throws -> String {
        String(decoding: try JSONEncoder().encode(contacts), as: UTF8.self)
    }

    func testTheTableHoldsTheSellerContactsKey() {
        XCTAssertEqual(SellerContactRecord.table.key, "seller_contacts")
        XCTAssertEqual(SellerContactRecord.key, "seller_contacts")
    }

    func testASuccessfulSyncReplacesTheStoredContactsInOneCommit() throws {
        let remoteConfig = remoteConfig(holding: RemoteConfigSample.sellerContacts)
        let saves = SaveRecorder(database)

        try sync(remoteConfig)

        XCTAssertEqual(try storedContacts(in: database), sampleContacts)
        // One commit: the old rows went and the new ones came together.
        XCTAssertEqual(try saves.savesAfterPendingWrites(), [DatabaseChanges(tables: ["sellerContacts": .init(inserted: 2, deleted: 3)])])
    }

    func testContactsThatAnotherFetchActivatedAreStoredToo() throws {
        // This fetch brought nothing new, but the active contacts (another feature's fetch, or an
        // earlier run, activated them) differ from the stored ones.
        let remoteConfig = remoteConfig(holding: RemoteConfigSample.sellerContacts, answering: .successUsingPreFetchedData)

        try sync(remoteConfig)

        XCTAssertTrue(remoteConfig.isSubscript)
        XCTAssertEqual(try storedContacts(in: database), sampleContacts)
    }

    func testStoringTheSameContactsAgainCommitsNothing() throws {
        let saves = SaveRecorder(database)

        // The stored contacts, sent in another order: equal once sorted, so nothing is written.
        try sync(remoteConfig(holding: try json(sellerContacts.reversed())))
        XCTAssertEqual(try saves.savesAfterPendingWrites(), [])

        // One contact fewer: written, in one commit.
        try sync(remoteConfig(holding: try json(Array(sellerContacts.dropFirst()))))
        XCTAssertEqual(try storedContacts(in: database), Array(sortedSellerContacts.prefix(2)))
        XCTAssertEqual(try saves.savesAfterPendingWrites(), [DatabaseChanges(tables: ["sellerContacts": .init(inserted: 2, deleted: 3)])])
    }

    func testAValueThatDoesNotDecodeLeavesTheStoredContactsExactlyAsTheyWere() throws {
        let saves = SaveRecorder(database)
        for (value, expected) in undecodableSellerContacts {
            let remoteConfig = remoteConfig(holding: value)

            XCTAssertThrowsError(try sync(remoteConfig), "\(value ?? "nil")") { error in
                guard case .invalidValue(let key, let underlying) = error as? RemoteConfigTableError else {
                    return XCTFail("\(value ?? "nil"): \(error)")
                }
                XCTAssertEqual(key, "seller_contacts")
                XCTAssertEqual(underlying as? SellerContactsDecodingError, expected, "\(value ?? "nil")")
                XCTAssertEqual(error.localizedDescription, expected.localizedDescription, "\(value ?? "nil")")
            }
            XCTAssertTrue(remoteConfig.isSubscript)
            XCTAssertEqual(try storedContacts(in: database), sortedSellerContacts, "\(value ?? "nil")")
        }
        // What is saved is each refusal, recorded beside the tables; the contacts are untouched.
        XCTAssertEqual(try saves.savesAfterPendingWrites().filter { $0.contains(table: "sellerContacts") }, [])
    }

    func testAFailedWriteLeavesTheTableAsItWas() throws {
        try database.write {
            try $0.execute(sql: "CREATE TRIGGER refuse BEFORE INSERT ON sellerContacts BEGIN SELECT RAISE(ABORT, 'full'); END")
        }
        let saves = SaveRecorder(database)

        XCTAssertThrowsError(try sync(remoteConfig(holding: RemoteConfigSample.sellerContacts))) { error in
            guard case .storeFailed(let underlying) = error as? RemoteConfigTableError else { return XCTFail("\(error)") }
            XCTAssertTrue(underlying is PersistenceError, "\(underlying)")
        }

        XCTAssertEqual(try storedContacts(in: database), sortedSellerContacts, "the delete before the refused insert was rolled back")
        XCTAssertEqual(try saves.savesAfterPendingWrites(), [])
    }

    func testAFailedFetchReadsNothingAndLeavesTheTableAsItWas() throws {
        let failures: [(given: (any Error)?, expected: RemoteConfigError)] = [
            (RemoteConfigError.timedOut, .timedOut),
            (nil, .unknown),  // `.error` without an error
        ]
        let saves = SaveRecorder(database)
        for (given, expected) in failures {
            let remoteConfig = FakeRemoteConfig.answeredByHand(values: [
                SellerContactRecord.key: remoteValue(RemoteConfigSample.sellerContacts)
            ])
            remoteConfig.answerFetchAndActivate(.error, given)

            XCTAssertThrowsError(try sync(remoteConfig)) { error in
                guard case .fetchFailed(let underlying) = error as? RemoteConfigTableError else { return XCTFail("\(error)") }
                XCTAssertEqual(underlying as? RemoteConfigError, expected)
                XCTAssertEqual(error.localizedDescription, expected.localizedDescription)
            }
            XCTAssertFalse(remoteConfig.isSubscript, "a failed fetch reads no value")
        }
        XCTAssertEqual(try storedContacts(in: database), sortedSellerContacts)
        XCTAssertEqual(try saves.savesAfterPendingWrites(), [])
    }
}
