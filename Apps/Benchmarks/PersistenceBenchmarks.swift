import BenchmarkSupport
import Dispatch
import Foundation
import Persistence
import PersistenceInterface
import Reactive
import Synchronization

// Persistence benchmarks. 100k rows (id, name, price, count) inserted in one transaction and
// fetched back as Codable records, against a C baseline on the same libsqlite3 with one prepared
// statement (Apps/BenchmarkSupport/SQLiteBaseline.c); and the commit-to-observer latency.

struct BenchItem: DatabaseRecord {
    static let tableName = "items"
    var id: Int64
    var name: String
    var price: Double
    var count: Int
}

/// The same rows read with `init(row:)` instead of `Decoder` (`FetchableRecord`).
struct BenchRowItem: DatabaseRecord, FetchableRecord {
    static let tableName = "items"
    var id: Int64
    var name: String
    var price: Double
    var count: Int

    init(row: Row) throws {
        id = try row.decode(at: 0)
        name = try row.decode(at: 1)
        price = try row.decode(at: 2)
        count = try row.decode(at: 3)
    }
}

/// The same rows read in place from the statement (`InPlaceFetchableRecord`).
struct BenchInPlaceItem: DatabaseRecord, InPlaceFetchableRecord {
    static let tableName = "items"
    var id: Int64
    var name: String
    var price: Double
    var count: Int

    init(columns: borrowing RowColumns) throws {
        id = try columns.decode(at: 0)
        name = try columns.decode(at: 1)
        price = try columns.decode(at: 2)
        count = try columns.decode(at: 3)
    }
}

/// The same rows written with `encode(to:)` instead of `Encoder` (`EncodableRecord`).
struct BenchEncodableItem: EncodableRecord {
    static let tableName = "items"
    var item: BenchItem

    func encode(to container: inout PersistenceContainer) {
        container["id"] = item.id
        container["name"] = item.name
        container["price"] = item.price
        container["count"] = item.count
    }

    init(_ item: BenchItem) {
        self.item = item
    }

    init(from decoder: Decoder) throws {
        item = try BenchItem(from: decoder)
    }

    func encode(to encoder: Encoder) throws {
        try item.encode(to: encoder)
    }
}

/// Rows 1...`count` as the C baseline inserts them: ("item <id>", id * 0.25 - 0.25, (id - 1) % 100).
func benchItems(_ count: Int) -> [BenchItem] {
    (1...count).map { BenchItem(id: Int64($0), name: "item \($0)", price: Double($0 - 1) * 0.25, count: ($0 - 1) % 100) }
}

let itemsTable = Migration(
    "createItems",
    sql: "CREATE TABLE IF NOT EXISTS items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL NOT NULL, count INTEGER NOT NULL)")

/// The median of `runs` timed runs (after one warm-up); `run` returns the nanoseconds of the measured part.
func medianNanoseconds(runs: Int = 7, _ run: () throws -> Int64) rethrows -> Double {
    _ = try run()
    var samples: [Int64] = []
    for _ in 0..<runs { samples.append(try run()) }
    samples.sort()
    return Double(samples[samples.count / 2])
}

func elapsedNanoseconds(_ body: () throws -> Void) rethrows -> Int64 {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Int64(DispatchTime.now().uptimeNanoseconds - start)
}

/// Removes a database file and its WAL companions.
private func removeDatabase(at path: String) {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
}

/// The time of the observer's last delivery.
private final class Arrival: Sendable {
    let nanoseconds = Atomic<UInt64>(0)
}

/// The time from just before `write` is called to the moment the observer receives the new value
/// (the transaction, the commit, the observation's fetch and, with the default `delivery`, the hop
/// to the delivery queue): p50 and p99.
func commitToObserverLatency(
    _ database: SQLiteDatabase, delivery: ObservationDelivery = .deliveryQueue, samples: Int
) throws -> (p50: Double, p99: Double) {
    try database.write { try $0.upsert(BenchItem(id: 1, name: "observed", price: 1, count: 0)) }
    let received = DispatchSemaphore(value: 0)
    let arrival = Arrival()
    let subscription = database.observe(BenchItem.filter(Column("id") == 1), delivery: delivery).subscribe(onNext: { _ in
        arrival.nanoseconds.store(DispatchTime.now().uptimeNanoseconds, ordering: .releasing)
        received.signal()
    })
    defer { subscription.dispose() }
    received.wait()  // the initial value
    var latencies: [Double] = []
    for sample in 0..<(samples + samples / 10) {
        let start = DispatchTime.now().uptimeNanoseconds
        try database.write { try $0.update(BenchItem(id: 1, name: "observed", price: 1, count: sample + 1)) }
        received.wait()
        if sample >= samples / 10 {  // the first tenth warms up
            latencies.append(Double(arrival.nanoseconds.load(ordering: .acquiring) - start))
        }
    }
    latencies.sort()
    return (latencies[latencies.count / 2], latencies[latencies.count * 99 / 100])
}

/// The floor under the commit-to-observer latency, measured the same way with no database: the time
/// from just before `DispatchQueue.async` on an idle serial queue (as the delivery queue is between
/// commits) to the block's start, the caller then waiting on a semaphore as the latency's does: p50
/// and p99. Most of it is waking the queue's sleeping thread, which no delivery on another thread avoids.
func handOffLatency(samples: Int) -> (p50: Double, p99: Double) {
    let queue = DispatchQueue(label: "bistro.bench.handoff", qos: .userInitiated)
    let received = DispatchSemaphore(value: 0)
    let arrival = Arrival()
    var latencies: [Double] = []
    for sample in 0..<(samples + samples / 10) {
        let start = DispatchTime.now().uptimeNanoseconds
        queue.async {
            arrival.nanoseconds.store(DispatchTime.now().uptimeNanoseconds, ordering: .releasing)
            received.signal()
        }
        received.wait()
        if sample >= samples / 10 { latencies.append(Double(arrival.nanoseconds.load(ordering: .acquiring) - start)) }
    }
    latencies.sort()
    return (latencies[latencies.count / 2], latencies[latencies.count * 99 / 100])
}

/// Runs the persistence benchmarks and returns one result per line of the report.
func persistenceBenchmarks() -> [BenchmarkResult] {
    do {
        return try runPersistenceBenchmarks()
    } catch {
        print("persistence benchmarks failed: \(error)")
        return []
    }
}

private func runPersistenceBenchmarks() throws -> [BenchmarkResult] {
    let rows = 100_000
    let records = benchItems(rows)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bistro-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let cPath = directory.appendingPathComponent("c.sqlite").path
    let swiftPath = directory.appendingPathComponent("swift.sqlite").path

    struct Failure: Error, CustomStringConvertible { let description: String }
    func cInsert(path: String?) throws -> Int64 {
        if let path { removeDatabase(at: path) }
        guard let db = bench_sqlite_open(path) else { throw Failure(description: "C baseline: cannot open") }
        defer { bench_sqlite_close(db) }
        let nanoseconds = bench_sqlite_insert_ns(db, Int32(rows))
        guard nanoseconds >= 0 else { throw Failure(description: "C baseline: insert failed") }
        return nanoseconds
    }
    func swiftInsert<Record: DatabaseRecord>(_ records: [Record], path: String?) throws -> Int64 {
        if let path { removeDatabase(at: path) }
        let database = try SQLiteDatabase(path.map { .file(path: $0) } ?? .inMemory, migrations: [itemsTable])
        defer { database.close() }
        return try elapsedNanoseconds {
            try database.write { db in for record in records { try db.insert(record) } }
        }
    }
    let encodableRecords = records.map(BenchEncodableItem.init)

    // Inserts: a fresh database per run, only the transaction timed.
    let cInsertMemory = try medianNanoseconds { try cInsert(path: nil) } / Double(rows)
    let swiftInsertMemory = try medianNanoseconds { try swiftInsert(records, path: nil) } / Double(rows)
    let encodableInsertMemory = try medianNanoseconds { try swiftInsert(encodableRecords, path: nil) } / Double(rows)
    let cInsertFile = try medianNanoseconds { try cInsert(path: cPath) } / Double(rows)
    let encodableInsertFile = try medianNanoseconds { try swiftInsert(encodableRecords, path: swiftPath) } / Double(rows)
    let swiftInsertFile = try medianNanoseconds { try swiftInsert(records, path: swiftPath) } / Double(rows)

    // Selects: the same 100k rows, read back whole, in memory and from the WAL file the last insert left.
    func cSelect(path: String?) throws -> Double {
        guard let db = bench_sqlite_open(path) else { throw Failure(description: "C baseline: cannot open") }
        defer { bench_sqlite_close(db) }
        if path == nil, bench_sqlite_insert_ns(db, Int32(rows)) < 0 { throw Failure(description: "C baseline: insert failed") }
        return try medianNanoseconds {
            var count: Int64 = 0
            var checksum: Int64 = 0
            let nanoseconds = bench_sqlite_select_ns(db, &count, &checksum)
            guard nanoseconds >= 0, count == rows else { throw Failure(description: "C baseline: select failed") }
            blackHole(checksum)
            return nanoseconds
        } / Double(rows)
    }
    let cSelectMemory = try cSelect(path: nil)
    let cSelectFile = try cSelect(path: cPath)
    let memory = try SQLiteDatabase(.inMemory, migrations: [itemsTable])
    try memory.write { db in for record in records { try db.insert(record) } }
    removeDatabase(at: swiftPath)
    let file = try SQLiteDatabase(.file(path: swiftPath), migrations: [itemsTable])
    try file.write { db in for record in records { try db.insert(record) } }
    func swiftFetch<Record: DatabaseRecord>(_ database: SQLiteDatabase, _ type: Record.Type) throws -> Double {
        try medianNanoseconds {
            var fetched: [Record] = []
            let nanoseconds = try elapsedNanoseconds { fetched = try database.read { try $0.fetchAll(Record.all()) } }
            guard fetched.count == rows else { throw Failure(description: "fetched \(fetched.count) rows") }
            blackHole(fetched)
            return nanoseconds
        } / Double(rows)
    }
    let swiftFetchMemory = try swiftFetch(memory, BenchItem.self)
    let swiftFetchFile = try swiftFetch(file, BenchItem.self)
    let rowFetchMemory = try swiftFetch(memory, BenchRowItem.self)
    let rowFetchFile = try swiftFetch(file, BenchRowItem.self)
    let inPlaceFetchMemory = try swiftFetch(memory, BenchInPlaceItem.self)
    let inPlaceFetchFile = try swiftFetch(file, BenchInPlaceItem.self)

    // Commit-to-observer latency, one observed row, 2,000 commits after a warm-up; the hand-off floor beside it.
    let handOff = handOffLatency(samples: 2_000)
    let latencyMemory = try commitToObserverLatency(try SQLiteDatabase(.inMemory, migrations: [itemsTable]), samples: 2_000)
    let latencyFile = try commitToObserverLatency(file, samples: 2_000)
    let writerQueueMemory = try commitToObserverLatency(
        try SQLiteDatabase(.inMemory, migrations: [itemsTable]), delivery: .writerQueue, samples: 2_000)
    let writerQueueFile = try commitToObserverLatency(file, delivery: .writerQueue, samples: 2_000)
    memory.close()
    file.close()

    /// A Swift line against the C baseline's: named `name`, numbered `number`.
    func versusC(_ number: Int, _ name: String, _ nanoseconds: Double, c: Double) -> BenchmarkResult {
        BenchmarkResult(
            name: "p\(number) \(name)", nanosecondsPerEvent: nanoseconds, baseline: Baseline(name: "C", nanosecondsPerEvent: c),
            target: .timesBaseline(1.5))
    }
    func baseline(_ number: Int, _ name: String, _ nanoseconds: Double, note: String = "") -> BenchmarkResult {
        BenchmarkResult(name: "p\(number) \(name)", nanosecondsPerEvent: nanoseconds, isBaseline: true, note: note)
    }
    let handOffBaseline = Baseline(name: "the hand-off", nanosecondsPerEvent: handOff.p50)
    /// A commit-to-observer latency, per commit, against the hand-off to an idle queue.
    func latency(_ number: Int, _ name: String, _ latency: (p50: Double, p99: Double), target: Double) -> BenchmarkResult {
        BenchmarkResult(
            name: "p\(number) \(name)", nanosecondsPerEvent: latency.p50, baseline: handOffBaseline,
            target: .nanoseconds(target), note: "p99 \(formatted(latency.p99)) ns")
    }
    return [
        baseline(1, "C insert 100k, memory", cInsertMemory),
        versusC(2, "Codable insert 100k, memory", swiftInsertMemory, c: cInsertMemory),
        versusC(3, "EncodableRecord insert 100k, memory", encodableInsertMemory, c: cInsertMemory),
        baseline(4, "C insert 100k, WAL file", cInsertFile),
        versusC(5, "Codable insert 100k, WAL file", swiftInsertFile, c: cInsertFile),
        versusC(6, "EncodableRecord insert 100k, WAL file", encodableInsertFile, c: cInsertFile),
        baseline(7, "C select 100k, memory", cSelectMemory),
        versusC(8, "Codable fetch 100k, memory", swiftFetchMemory, c: cSelectMemory),
        versusC(9, "FetchableRecord fetch 100k, memory", rowFetchMemory, c: cSelectMemory),
        versusC(10, "in-place record fetch 100k, memory", inPlaceFetchMemory, c: cSelectMemory),
        baseline(11, "C select 100k, WAL file", cSelectFile),
        versusC(12, "Codable fetch 100k, WAL file", swiftFetchFile, c: cSelectFile),
        versusC(13, "FetchableRecord fetch 100k, WAL file", rowFetchFile, c: cSelectFile),
        versusC(14, "in-place record fetch 100k, WAL file", inPlaceFetchFile, c: cSelectFile),
        baseline(15, "hand-off to an idle queue p50 (the floor)", handOff.p50, note: "p99 \(formatted(handOff.p99)) ns"),
        latency(16, "commit->observer p50, memory", latencyMemory, target: 25_000),
        latency(17, "commit->observer p50, WAL file", latencyFile, target: 35_000),
        latency(18, "writer-queue observer p50, memory", writerQueueMemory, target: 25_000),
        latency(19, "writer-queue observer p50, WAL file", writerQueueFile, target: 35_000),
    ]
}

/// The inserts and fetches of 100k rows in memory, Codable and C, and 2,200 observed commits, for
/// `--count` (the database is opened and filled inside the count too, a small part of it).
@MainActor
let persistenceCountWorkloads: [Workload] = {
    let rows = 100_000
    let records = benchItems(rows)
    let encodableRecords = records.map(BenchEncodableItem.init)
    /// A database holding the rows, inserted as `inserted`.
    func filled<Record: DatabaseRecord>(_ inserted: [Record]) -> SQLiteDatabase {
        let database = try! SQLiteDatabase(.inMemory, migrations: [itemsTable])
        try! database.write { db in for record in inserted { try db.insert(record) } }
        return database
    }
    return [
        Workload("pc-insert-c 100k, memory", events: rows, target: nil) {
            let db = bench_sqlite_open(nil)
            blackHole(bench_sqlite_insert_ns(db, Int32(rows)))
            bench_sqlite_close(db)
        },
        Workload("pc-insert-codable 100k, memory", events: rows, target: nil) {
            filled(records).close()
        },
        Workload("pc-insert-encodable 100k, memory (EncodableRecord)", events: rows, target: nil) {
            filled(encodableRecords).close()
        },
        // The Codable insert into a database someone follows (a `didSave` subscriber): each row is counted.
        Workload("pc-insert-followed 100k, memory (Codable, didSave subscribed)", events: rows, target: nil) {
            let database = try! SQLiteDatabase(.inMemory, migrations: [itemsTable])
            let subscription = database.didSave.subscribe(onNext: { blackHole($0) })
            try! database.write { db in for record in records { try db.insert(record) } }
            subscription.dispose()
            database.close()
        },
        Workload("pc-select-c 100k, memory", events: rows, target: nil) {
            let db = bench_sqlite_open(nil)
            blackHole(bench_sqlite_insert_ns(db, Int32(rows)))
            var count: Int64 = 0
            var checksum: Int64 = 0
            blackHole(bench_sqlite_select_ns(db, &count, &checksum))
            bench_sqlite_close(db)
        },
        // Per commit: the write, the observation's fetch and the hand-off to the delivery queue.
        Workload("pc-observe 2k commits, memory", events: 2_200, target: nil) {
            let database = try! SQLiteDatabase(.inMemory, migrations: [itemsTable])
            blackHole(try! commitToObserverLatency(database, samples: 2_000))
            database.close()
        },
        Workload("pc-fetch-codable 100k, memory", events: rows, target: nil) {
            let database = filled(records)
            blackHole(try! database.read { try $0.fetchAll(BenchItem.all()) })
            database.close()
        },
        Workload("pc-fetch-row 100k, memory (FetchableRecord)", events: rows, target: nil) {
            let database = filled(records)
            blackHole(try! database.read { try $0.fetchAll(BenchRowItem.all()) })
            database.close()
        },
        Workload("pc-fetch-in-place 100k, memory (InPlaceFetchableRecord)", events: rows, target: nil) {
            let database = filled(records)
            blackHole(try! database.read { try $0.fetchAll(BenchInPlaceItem.all()) })
            database.close()
        },
    ]
}()
