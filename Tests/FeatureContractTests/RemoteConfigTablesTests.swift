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
/// that does not decode is reported once — across runs, since the refusal is recorded in the
/// database — while the table keeps the last good data.
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
    ) throws -> (FakeRemoteConfig, SQLiteDatabase, Locked<[String]>, Disposable) {
        let database = try makeDatabase()
        let remoteConfig = FakeRemoteConfig.answeredByHand(values: ["dishes": RemoteConfigValue(string: #"["김밥"]"#, source: .remote)])
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

    /// The refusal a sync that keeps the last good data reports, nil when none; throws its failure.
    private func refusal(_ sync: Single<RemoteConfigTableError?>) throws -> RemoteConfigTableError? {
        try sync.toBlocking(timeout: 10).single()
    }

    /// Returns once everything `database` was asked to do before has been delivered: its writer and
    /// delivery queues run in order, and the first value of an observation comes through both.
    private func deliveredWhatIsQueued(_ database: any Database) throws {
        _ = try database.observe { _ in 0 }.take(1).toBlocking(timeout: 10).first()
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
        let remoteConfig = FakeRemoteConfig.answeredByHand(values: [
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
        let remoteConfig = FakeRemoteConfig.answeredByHand(values: [
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
        // A store reads the value active when it runs: the next one waits until this one was refused.
        publish("not json")
        let saidAgain = XCTNSPredicateExpectation(predicate: NSPredicate { _, _ in failures.withLock { $0.count } == 2 }, object: nil)
        XCTAssertEqual(XCTWaiter().wait(for: [saidAgain], timeout: 10), .completed, "refused again after a value was stored: said again")
        publish(#"["튀김"]"#)
        waitUntil("dishes", of: database, holds: ["튀김"])
        XCTAssertEqual(failures.withLock { $0 }.count, 2)
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
        let remoteConfig = FakeRemoteConfig.answeredByHand()
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

    // MARK: The last good data stands

    func testARefusedValueIsNoFailureOfASyncKeepingTheLastGoodDataAndIsReportedOnceAcrossRuns() throws {
        let database = try makeDatabase()
        let remoteConfig = fake(["dishes": #"["김밥"]"#])
        XCTAssertNil(try refusal(tables(remoteConfig, database).syncKeepingLastGoodData("dishes")))

        remoteConfig.serverValues = ["dishes": "not json"]
        let run = tables(remoteConfig, database)
        let reported = try refusal(run.syncKeepingLastGoodData("dishes"))
        guard case .invalidValue(let key, let underlying) = reported else { return XCTFail("\(String(describing: reported))") }
        XCTAssertEqual(key, "dishes")
        XCTAssertTrue(underlying is NotAList)
        XCTAssertEqual(try names(in: "dishes", of: database), ["김밥"], "the last good data stands")

        XCTAssertNil(try refusal(run.syncKeepingLastGoodData("dishes")), "the same value again, in the same run")
        XCTAssertNil(try refusal(tables(remoteConfig, database).syncKeepingLastGoodData("dishes")), "the same value, on the next run")
        XCTAssertThrowsError(try waitFor(run.sync("dishes")), "a sync that does not keep the last good data still fails")

        remoteConfig.serverValues = ["dishes": #"["라면"]"#]
        XCTAssertNil(try refusal(run.syncKeepingLastGoodData("dishes")))
        XCTAssertEqual(try names(in: "dishes", of: database), ["라면"])
        remoteConfig.serverValues = ["dishes": "not json"]
        XCTAssertNotNil(try refusal(run.syncKeepingLastGoodData("dishes")), "refused again after a value was stored: news again")
    }

    func testTheRefusalIsRecordedInTheDatabaseUntilAValueIsStored() throws {
        let database = try makeDatabase()
        let remoteConfig = fake(["dishes": "not json"])
        let refusedAt = Date(timeIntervalSince1970: 1_800_000_000)
        let tables = RemoteConfigTables(
            remoteConfig: remoteConfig, database: database, tables: [Self.namesTable("dishes")], now: { refusedAt })
        XCTAssertNotNil(try refusal(tables.syncKeepingLastGoodData("dishes")))

        let recorded = try database.read { try $0.fetchRows(sql: "SELECT key, valueSHA256, reason, refusedAt FROM remoteConfigRefusals") }
        XCTAssertEqual(
            recorded.map(\.values),
            [
                [
                    .text("dishes"), .text("7ccfa1fbf3940e6f0c0375d87c0f9235a50514e14cb427bdfaf5077987b26ccf"),
                    .text("the dishes are not a list of names"), refusedAt.databaseValue,
                ]
            ], "the value's SHA-256, not the value")

        remoteConfig.serverValues = ["dishes": #"["김밥"]"#]
        XCTAssertNil(try refusal(tables.syncKeepingLastGoodData("dishes")))
        XCTAssertEqual(try database.read { try $0.fetchValue(sql: "SELECT count(*) FROM remoteConfigRefusals") }, .integer(0))
    }

    func testRunsRefusingTheSameValueAtOnceReportItOnce() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tables-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let migrations = [Migration("create dishes", sql: "CREATE TABLE dishes (position INTEGER PRIMARY KEY, name TEXT NOT NULL)")]
        // Two connections to one file, as two processes have.
        let databases = try (0..<2).map { _ in
            try SQLiteDatabase(.file(path: directory.appendingPathComponent("app.sqlite").path), migrations: migrations)
        }
        defer { for database in databases { database.close() } }
        let remoteConfig = fake(["dishes": "not json"])
        let runs = (0..<8).map { tables(remoteConfig, databases[$0 % 2]) }

        let reported = Locked(0)
        let finished = XCTestExpectation(description: "every run synced")
        finished.expectedFulfillmentCount = runs.count
        let bag = DisposeBag()
        for run in runs {
            run.syncKeepingLastGoodData("dishes").subscribe(
                onSuccess: { refusal in
                    if refusal != nil { reported.withLock { $0 += 1 } }
                    finished.fulfill()
                },
                onFailure: { XCTFail("\($0)") }
            ).disposed(by: bag)
        }
        XCTAssertEqual(XCTWaiter().wait(for: [finished], timeout: 10), .completed)
        XCTAssertEqual(reported.withLock { $0 }, 1, "whether it is news is read in the write that records it")
    }

    func testKeepingInStepReportsARefusalOnceAcrossRuns() throws {
        let database = try makeDatabase()
        let remoteConfig = fake(["dishes": #"["김밥"]"#])
        try waitFor(tables(remoteConfig, database).sync("dishes"))
        remoteConfig.serverValues = ["dishes": "not json"]

        for run in 1...2 {
            let failures = Locked<[String]>([])
            let keeping = tables(remoteConfig, database).keepInStep("dishes").subscribe(onNext: { error in
                failures.withLock { $0.append(error.localizedDescription) }
            })
            try deliveredWhatIsQueued(database)  // the fake answers at once: the sync's store is queued
            keeping.dispose()
            XCTAssertEqual(
                failures.withLock { $0 }, run == 1 ? ["the dishes are not a list of names"] : [], "run \(run): said on the first run only")
            XCTAssertEqual(try names(in: "dishes", of: database), ["김밥"])
        }
    }

    func testARefusedValueFillsATableThatNoValueEverFilledWithTheInAppDefault() throws {
        let database = try makeDatabase()
        let remoteConfig = fake(["dishes": "not json"])
        remoteConfig.setDefaults(["dishes": .string(#"["비빔밥"]"#)])

        XCTAssertNotNil(try refusal(tables(remoteConfig, database).syncKeepingLastGoodData("dishes")))
        XCTAssertEqual(try names(in: "dishes", of: database), ["비빔밥"], "the first run shows the app's own data")
        XCTAssertThrowsError(try waitFor(tables(remoteConfig, database).sync("dishes")))
        XCTAssertEqual(try names(in: "dishes", of: database), ["비빔밥"])
    }

    func testAnEmptyValueOnceStoredIsTheLastGoodDataToo() throws {
        let database = try makeDatabase()
        let remoteConfig = fake(["dishes": "[]"])
        remoteConfig.setDefaults(["dishes": .string(#"["비빔밥"]"#)])
        let tables = tables(remoteConfig, database)
        XCTAssertNil(try refusal(tables.syncKeepingLastGoodData("dishes")))

        remoteConfig.serverValues = ["dishes": "not json"]
        XCTAssertNotNil(try refusal(tables.syncKeepingLastGoodData("dishes")))
        XCTAssertEqual(try names(in: "dishes", of: database), [], "a published empty list stands, not the default")
    }

    func testDataStoredBeforeAnyRefusalWasRecordedStands() throws {
        // A database an earlier version filled: data, and nothing recorded beside it.
        let database = try makeDatabase()
        try database.write { try $0.execute(sql: "INSERT INTO dishes (position, name) VALUES (0, '김밥')") }
        let remoteConfig = fake(["dishes": "not json"])
        remoteConfig.setDefaults(["dishes": .string(#"["비빔밥"]"#)])

        XCTAssertNotNil(try refusal(tables(remoteConfig, database).syncKeepingLastGoodData("dishes")))
        XCTAssertEqual(try names(in: "dishes", of: database), ["김밥"])
    }

    func testASyncKeepingTheLastGoodDataFailsWhenTheFetchOrTheWriteFails() throws {
        let database = try makeDatabase()
        let remoteConfig = fake(["dishes": #"["김밥"]"#])
        let tables = tables(remoteConfig, database)
        remoteConfig.fetchError = RemoteConfigError.timedOut
        XCTAssertThrowsError(try refusal(tables.syncKeepingLastGoodData("dishes"))) { error in
            guard case .fetchFailed = error as? RemoteConfigTableError else { return XCTFail("\(error)") }
        }
        remoteConfig.fetchError = nil
        try database.write { try $0.execute(sql: "CREATE TRIGGER refuse BEFORE INSERT ON dishes BEGIN SELECT RAISE(ABORT, 'full'); END") }
        XCTAssertThrowsError(try refusal(tables.syncKeepingLastGoodData("dishes"))) { error in
            guard case .storeFailed = error as? RemoteConfigTableError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try names(in: "dishes", of: database), [])
    }
}
