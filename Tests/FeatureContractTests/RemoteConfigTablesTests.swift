import FeatureContract
import Foundation
import Persistence
import PersistenceInterface
import Reactive
import ReactiveTesting
import RemoteConfigInterface
import RemoteConfigTesting
import XCTest

/// Tables kept in step with remote-config keys: a sync stores the active value when it differs,
/// concurrent syncs join one fetch, published templates are activated once and stored, and a value
/// that does not decode is reported once and changes nothing.
final class RemoteConfigTablesTests: XCTestCase {
    /// What a key's value must be: a JSON array of strings.
    private struct NotAList: Error, LocalizedError {
        var errorDescription: String? { "the dishes are not a list of names" }
    }

    /// A table of names, in order, kept in step with `key`.
    private static func namesTable(_ key: String) -> RemoteConfigTable {
        RemoteConfigTable(
            key: key,
            decode: { value in
                guard let names = try? JSONDecoder().decode([String].self, from: value.dataValue) else { throw NotAList() }
                return names
            },
            read: { db in
                try db.fetchRows(sql: "SELECT name FROM \(key) ORDER BY position").map {
                    String.fromDatabaseValue($0["name"] ?? .null) ?? ""
                }
            },
            replace: { names, db in
                try db.execute(sql: "DELETE FROM \(key)")
                for (position, name) in names.enumerated() {
                    try db.execute(
                        sql: "INSERT INTO \(key) (position, name) VALUES (?, ?)", arguments: [.integer(Int64(position)), .text(name)])
                }
            })
    }

    private func makeDatabase() throws -> SQLiteDatabase {
        try SQLiteDatabase.inMemory(
            migrations: ["dishes", "drinks"].map { table in
                Migration("create \(table)", sql: "CREATE TABLE \(table) (position INTEGER PRIMARY KEY, name TEXT NOT NULL)")
            })
    }

    /// A fake whose every fetch reaches its pretend server.
    private func fake(_ serverValues: [String: String]) -> FakeRemoteConfig {
        let fake = FakeRemoteConfig(serverValues: serverValues)
        fake.configSettings = RemoteConfigSettings(minimumFetchInterval: 0)
        return fake
    }

    private func tables(_ remoteConfig: any RemoteConfigProtocol, _ database: any Database) -> RemoteConfigTables {
        RemoteConfigTables(remoteConfig: remoteConfig, database: database, tables: [Self.namesTable("dishes"), Self.namesTable("drinks")])
    }

    /// The dishes table kept in step with a mock that holds `["김밥"]`, once that is stored, and the
    /// sentences of the failures it reports; dispose of the subscription at the end.
    private func dishesKeptInStep(
        activates: Bool = true
    ) throws -> (RemoteConfigMock, SQLiteDatabase, Locked<[String]>, Disposable) {
        let database = try makeDatabase()
        let remoteConfig = RemoteConfigMock(values: ["dishes": RemoteConfigValue(string: #"["김밥"]"#, source: .remote)])
        remoteConfig.answerFetchAndActivate(.successUsingPreFetchedData)
        if activates { remoteConfig.answerActivate(true) }
        let failures = Locked<[String]>([])
        let keeping = tables(remoteConfig, database).keepInStep("dishes").subscribe(onNext: { error in
            failures.withLock { $0.append(error.localizedDescription) }
        })
        waitUntil("dishes", of: database, holds: ["김밥"])
        return (remoteConfig, database, failures, keeping)
    }

    private func names(in table: String, of database: any Database) throws -> [String] {
        try database.read { db in
            try db.fetchRows(sql: "SELECT name FROM \(table) ORDER BY position").map { String.fromDatabaseValue($0["name"] ?? .null) ?? "" }
        }
    }

    /// Waits until `table` holds `expected`, through an observation of it.
    private func waitUntil(
        _ table: String, of database: any Database, holds expected: [String], file: StaticString = #filePath, line: UInt = #line
    ) {
        let observed = database.observe { db in
            try db.fetchRows(sql: "SELECT name FROM \(table) ORDER BY position").map { String.fromDatabaseValue($0["name"] ?? .null) ?? "" }
        }
        XCTAssertNoThrow(
            try observed.filter { $0 == expected }.take(1).toBlocking(timeout: 10).first(), "\(table) never held \(expected)", file: file,
            line: line)
    }

    private func waitFor(_ completable: Completable) throws {
        _ = try completable.asObservable().toBlocking(timeout: 10).toArray()
    }

    func testASyncFetchesWhenDueAndNowWhenAskedTo() throws {
        let database = try makeDatabase()
        // Firebase's default: a fetch within 12 hours of the last one is answered from what was fetched.
        let remoteConfig = FakeRemoteConfig(serverValues: ["dishes": #"["김밥"]"#])
        let tables = tables(remoteConfig, database)
        try waitFor(tables.sync("dishes"))
        remoteConfig.serverValues = ["dishes": #"["라면"]"#]

        try waitFor(tables.sync("dishes"))
        XCTAssertEqual(try names(in: "dishes", of: database), ["김밥"], "the value published within the interval waits")
        XCTAssertEqual(remoteConfig.fetchCount, 1)
        try waitFor(tables.sync("dishes", fetch: .now))
        XCTAssertEqual(try names(in: "dishes", of: database), ["라면"])
        XCTAssertEqual(remoteConfig.fetchCount, 2)
    }

    func testASyncStoresTheActiveValueAndWritesOnlyWhenItDiffers() throws {
        let database = try makeDatabase()
        let remoteConfig = fake(["dishes": #"["김밥", "라면"]"#])
        let tables = tables(remoteConfig, database)
        let commits = Locked(0)
        let counting = database.didSave.subscribe(onNext: { _ in commits.withLock { $0 += 1 } })
        defer { counting.dispose() }

        try waitFor(tables.sync("dishes"))
        XCTAssertEqual(try names(in: "dishes", of: database), ["김밥", "라면"])
        try waitFor(tables.sync("dishes"))
        XCTAssertEqual(commits.withLock { $0 }, 1, "the second sync found the table equal and wrote nothing")
        XCTAssertEqual(remoteConfig.fetchCount, 2)
    }

    func testSyncsAskedForWhileAFetchRunsJoinIt() throws {
        let database = try makeDatabase()
        let remoteConfig = RemoteConfigMock(values: [
            "dishes": RemoteConfigValue(string: #"["김밥"]"#, source: .remote),
            "drinks": RemoteConfigValue(string: #"["식혜"]"#, source: .remote),
        ])
        let tables = tables(remoteConfig, database)
        let ended = Locked<[String]>([])
        let bag = DisposeBag()
        for key in ["dishes", "drinks", "dishes"] {
            tables.sync(key).subscribe(onCompleted: { ended.withLock { $0.append(key) } }).disposed(by: bag)
        }
        XCTAssertEqual(remoteConfig.fetchAndActivateCallCount, 1, "one fetch for the three syncs")
        remoteConfig.completionHandler?(.successFetchedFromRemote, nil)
        waitUntil("dishes", of: database, holds: ["김밥"])
        waitUntil("drinks", of: database, holds: ["식혜"])
        remoteConfig.answerFetchAndActivate(.successUsingPreFetchedData)
        try waitFor(tables.sync("drinks"))  // behind the three stores, on the writer queue
        XCTAssertEqual(remoteConfig.fetchAndActivateCallCount, 2, "a sync after the fetch ended starts another")
        XCTAssertEqual(ended.withLock { $0.sorted() }, ["dishes", "dishes", "drinks"])
    }

    func testAFailedFetchLeavesTheTableAsItWasAndSaysWhatFirebaseSaid() throws {
        let database = try makeDatabase()
        let remoteConfig = fake(["dishes": #"["김밥"]"#])
        let tables = tables(remoteConfig, database)
        try waitFor(tables.sync("dishes"))
        remoteConfig.serverValues = ["dishes": #"["라면"]"#]
        remoteConfig.fetchError = RemoteConfigError.timedOut
        XCTAssertThrowsError(try waitFor(tables.sync("dishes"))) { error in
            guard case .fetchFailed(let underlying) = error as? RemoteConfigTableError else { return XCTFail("\(error)") }
            XCTAssertEqual(underlying as? RemoteConfigError, .timedOut)
            XCTAssertEqual(error.localizedDescription, RemoteConfigError.timedOut.localizedDescription)
        }
        XCTAssertEqual(try names(in: "dishes", of: database), ["김밥"])
    }

    func testAValueThatDoesNotDecodeLeavesTheTableAsItWasAndSaysWhy() throws {
        let database = try makeDatabase()
        let remoteConfig = fake(["dishes": #"["김밥"]"#])
        let tables = tables(remoteConfig, database)
        try waitFor(tables.sync("dishes"))
        remoteConfig.serverValues = ["dishes": #"{"name": "라면"}"#]
        XCTAssertThrowsError(try waitFor(tables.sync("dishes"))) { error in
            guard case .invalidValue(let key, let underlying) = error as? RemoteConfigTableError else { return XCTFail("\(error)") }
            XCTAssertEqual(key, "dishes")
            XCTAssertTrue(underlying is NotAList)
            XCTAssertEqual(error.localizedDescription, "the dishes are not a list of names")
        }
        XCTAssertEqual(try names(in: "dishes", of: database), ["김밥"])
    }

    func testAFailedWriteLeavesTheTableAsItWas() throws {
        let database = try makeDatabase()
        let remoteConfig = fake(["dishes": #"["김밥"]"#])
        let tables = tables(remoteConfig, database)
        try waitFor(tables.sync("dishes"))
        try database.write { try $0.execute(sql: "CREATE TRIGGER refuse BEFORE INSERT ON dishes BEGIN SELECT RAISE(ABORT, 'full'); END") }
        remoteConfig.serverValues = ["dishes": #"["라면", "튀김"]"#]
        XCTAssertThrowsError(try waitFor(tables.sync("dishes"))) { error in
            guard case .storeFailed = error as? RemoteConfigTableError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try names(in: "dishes", of: database), ["김밥"], "the delete before the refused insert was rolled back")
    }

    func testKeepingInStepStoresEveryPublishedTemplateThatNamesTheKey() throws {
        let database = try makeDatabase()
        let remoteConfig = fake(["dishes": #"["김밥"]"#, "drinks": #"["식혜"]"#])
        let tables = tables(remoteConfig, database)
        let failures = Locked<[String]>([])
        let keeping = tables.keepInStep("dishes").subscribe(onNext: { error in
            failures.withLock { $0.append(error.localizedDescription) }
        })
        defer { keeping.dispose() }
        waitUntil("dishes", of: database, holds: ["김밥"])

        remoteConfig.publish(["dishes": #"["김밥", "떡볶이"]"#, "drinks": #"["식혜"]"#])
        waitUntil("dishes", of: database, holds: ["김밥", "떡볶이"])
        remoteConfig.publish(["dishes": #"["김밥", "떡볶이"]"#, "drinks": #"["수정과"]"#])
        XCTAssertEqual(remoteConfig["drinks"].stringValue, #"["수정과"]"#, "the update was activated")
        XCTAssertEqual(try names(in: "drinks", of: database), [], "a table nobody keeps in step is not stored by an update")
        XCTAssertEqual(failures.withLock { $0 }, [])
    }

    func testOneActivationPerUpdateForEveryTableKeptInStep() throws {
        let database = try makeDatabase()
        let remoteConfig = RemoteConfigMock(values: [
            "dishes": RemoteConfigValue(string: #"["김밥"]"#, source: .remote),
            "drinks": RemoteConfigValue(string: #"["식혜"]"#, source: .remote),
        ])
        remoteConfig.answerFetchAndActivate(.successUsingPreFetchedData)
        remoteConfig.answerActivate(true)
        let tables = tables(remoteConfig, database)
        let bag = DisposeBag()
        tables.keepInStep("dishes").subscribe().disposed(by: bag)
        tables.keepInStep("drinks").subscribe().disposed(by: bag)
        waitUntil("drinks", of: database, holds: ["식혜"])

        remoteConfig.values["dishes"] = RemoteConfigValue(string: #"["라면"]"#, source: .remote)
        remoteConfig.values["drinks"] = RemoteConfigValue(string: #"["수정과"]"#, source: .remote)
        remoteConfig.sendRealtimeUpdate(RemoteConfigUpdate(updatedKeys: ["dishes", "drinks"]))
        waitUntil("dishes", of: database, holds: ["라면"])
        waitUntil("drinks", of: database, holds: ["수정과"])
        XCTAssertEqual(remoteConfig.activateCallCount, 1)
    }

    func testARefusedValueIsReportedOnceUntilAValueIsStored() throws {
        let (remoteConfig, database, failures, keeping) = try dishesKeptInStep()
        defer { keeping.dispose() }

        func publish(_ json: String) {
            remoteConfig.values["dishes"] = RemoteConfigValue(string: json, source: .remote)
            remoteConfig.sendRealtimeUpdate(RemoteConfigUpdate(updatedKeys: ["dishes"]))
        }
        publish("not json")
        publish("not json")
        publish(#"["라면"]"#)
        waitUntil("dishes", of: database, holds: ["라면"])
        XCTAssertEqual(failures.withLock { $0 }, ["the dishes are not a list of names"], "the same refused value is said once")
        publish("not json")
        publish(#"["튀김"]"#)
        waitUntil("dishes", of: database, holds: ["튀김"])
        XCTAssertEqual(failures.withLock { $0 }.count, 2, "refused again after a value was stored: said again")
    }

    func testRealtimeUpdatesThatStopAreReportedAndTheTableStays() throws {
        let (remoteConfig, database, failures, keeping) = try dishesKeptInStep(activates: false)
        defer { keeping.dispose() }

        remoteConfig.failRealtimeUpdates(.realtimeDisabled)
        XCTAssertEqual(failures.withLock { $0 }, [RemoteConfigError.realtimeDisabled.localizedDescription])
        XCTAssertEqual(try names(in: "dishes", of: database), ["김밥"])
    }

    func testAnUpdateThatCouldNotBeFetchedIsReportedOnceAndLaterUpdatesStillArrive() throws {
        let (remoteConfig, database, failures, keeping) = try dishesKeptInStep()
        defer { keeping.dispose() }

        remoteConfig.sendRealtimeUpdateFailure(.updateNotFetched(templateVersion: 7))
        XCTAssertEqual(failures.withLock { $0 }, [RemoteConfigError.updateNotFetched(templateVersion: 7).localizedDescription])
        XCTAssertEqual(try names(in: "dishes", of: database), ["김밥"], "the last good data stands")

        remoteConfig.values["dishes"] = RemoteConfigValue(string: #"["라면"]"#, source: .remote)
        remoteConfig.sendRealtimeUpdate(RemoteConfigUpdate(updatedKeys: ["dishes"]))
        waitUntil("dishes", of: database, holds: ["라면"])
        XCTAssertEqual(failures.withLock { $0 }.count, 1)
    }

    func testAFetchThatFailsIsReportedByEveryTableKeptInStep() throws {
        let database = try makeDatabase()
        let remoteConfig = RemoteConfigMock()
        let tables = tables(remoteConfig, database)
        let failures = Locked<[String]>([])
        let bag = DisposeBag()
        for key in ["dishes", "drinks"] {
            tables.keepInStep(key).subscribe(onNext: { _ in failures.withLock { $0.append(key) } }).disposed(by: bag)
        }
        XCTAssertEqual(remoteConfig.fetchAndActivateCallCount, 1)
        remoteConfig.completionHandler?(.error, RemoteConfigError.timedOut)
        XCTAssertEqual(failures.withLock { $0.sorted() }, ["dishes", "drinks"])
    }
}
