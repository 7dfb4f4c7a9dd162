import FeatureContract
import Foundation
import Persistence
import PersistenceInterface
import Reactive
import ReactiveTesting
import RemoteConfigInterface
import RemoteConfigTesting
import XCTest

/// A table screen's state: the rows as last read, and the latest failure as the alert until its OK.
final class TableScreenTests: XCTestCase {
    private struct Unreadable: Error, LocalizedError {
        var errorDescription: String? { "the disk is gone" }
    }

    func testRowsFailuresAndOKsMakeTheStateTheLatestFailureReplacingTheAlertAndTheRowsStaying() {
        let scheduler = TestScheduler(initialClock: 0)
        let rows = PublishSubject<[String]>()
        let failures = PublishSubject<String>()
        let dismissals = PublishSubject<Void>()
        scheduler.scheduleAt(210) { rows.onNext(["a"]) }
        scheduler.scheduleAt(220) { failures.onNext("offline") }
        scheduler.scheduleAt(230) { failures.onNext("refused") }
        scheduler.scheduleAt(240) { rows.onNext(["a", "b"]) }
        scheduler.scheduleAt(250) { dismissals.onNext(()) }
        scheduler.scheduleAt(255) { dismissals.onNext(()) }
        scheduler.scheduleAt(260) { failures.onNext("offline") }
        let screen = TableScreen<String>(rows: { rows.asObservable() }, failures: { failures.asObservable() })

        let observer = scheduler.start { screen.states(alertDismissals: dismissals.asObservable()) }

        XCTAssertEqual(
            observer.events,
            [
                .next(210, TableScreenState(rows: ["a"])),
                .next(220, TableScreenState(rows: ["a"], alert: "offline")),
                .next(230, TableScreenState(rows: ["a"], alert: "refused")),
                .next(240, TableScreenState(rows: ["a", "b"], alert: "refused")),
                .next(250, TableScreenState(rows: ["a", "b"])),
                .next(255, TableScreenState(rows: ["a", "b"])),
                .next(260, TableScreenState(rows: ["a", "b"], alert: "offline")),
            ])
    }

    func testAFailureToReadTheRowsIsTheAlertAndTheRowsLastReadStay() {
        let scheduler = TestScheduler(initialClock: 0)
        let rows = PublishSubject<[Int]>()
        scheduler.scheduleAt(210) { rows.onNext([1, 2]) }
        scheduler.scheduleAt(220) { rows.onError(Unreadable()) }
        let screen = TableScreen<Int>(rows: { rows.asObservable() }, failures: { .never() })

        let observer = scheduler.start { screen.states(alertDismissals: .never()) }

        XCTAssertEqual(
            observer.events,
            [.next(210, TableScreenState(rows: [1, 2])), .next(220, TableScreenState(rows: [1, 2], alert: "the disk is gone"))])
    }

    func testTheLiveScreenShowsTheTableAndEachFailureToKeepItInStep() throws {
        struct NotAList: Error, LocalizedError {
            var errorDescription: String? { "the dishes are not a list of names" }
        }
        let database = try SQLiteDatabase.inMemory(migrations: [Migration("dishes", sql: "CREATE TABLE dishes (name TEXT NOT NULL)")])
        let read: @Sendable (any ReadTransaction) throws -> [String] = { db in
            try db.fetchRows(sql: "SELECT name FROM dishes ORDER BY name").map { try $0.decode(String.self, column: "name") }
        }
        let table = RemoteConfigTable(
            key: "dishes",
            decode: { value in
                guard let names = try? JSONDecoder().decode([String].self, from: value.dataValue) else { throw NotAList() }
                return names
            },
            read: read,
            replace: { names, db in
                try db.execute(sql: "DELETE FROM dishes")
                for name in names { try db.execute(sql: "INSERT INTO dishes (name) VALUES (?)", arguments: [.text(name)]) }
            })
        let remoteConfig = FakeRemoteConfig(serverValues: ["dishes": #"["김밥", "라면"]"#])
        remoteConfig.configSettings.minimumFetchInterval = 0
        let tables = RemoteConfigTables(remoteConfig: remoteConfig, database: database, tables: [table])
        let screen = TableScreen<String>.live(key: "dishes", tables: tables, database: database, read: read)

        let states = try screen.states(alertDismissals: .never())
            .filter { !$0.rows.isEmpty }.take(1).toBlocking(timeout: 10).toArray()
        XCTAssertEqual(states, [TableScreenState(rows: ["김밥", "라면"])])

        remoteConfig.serverValues["dishes"] = "not JSON"
        let refused = try screen.states(alertDismissals: .never())
            .filter { $0.alert != nil }.take(1).toBlocking(timeout: 10).toArray()
        XCTAssertEqual(refused, [TableScreenState(rows: ["김밥", "라면"], alert: "the dishes are not a list of names")])
    }
}
