import Foundation
import Persistence
import PersistenceInterface
import Reactive

// How the cost per unit (value, delivery, subscription, row) moves as the work grows: each family
// at sizes 10^3 to 10^6 (or 1 to 1000 subscribers). A flat column is the goal; Docs/BENCHMARKS.md
// explains the curves that are not.

/// One family of the scaling table: its unit and the cost per unit at each size.
struct ScalingResult {
    let family: String
    let unit: String
    var points: [(size: Int, nanoseconds: Double)] = []
}

/// Runs the scaling families and returns them in the order of the report.
@MainActor
func scalingBenchmarks() -> [ScalingResult] {
    var results: [ScalingResult] = []
    let sizes = [1_000, 10_000, 100_000, 1_000_000]

    // Every sample covers a million units, so that small sizes are not lost in the clock's overhead.
    var chain = ScalingResult(family: "range.map.filter.scan", unit: "value")
    for size in sizes {
        let repeats = 1_000_000 / size
        chain.points.append(
            (
                size,
                measure(events: 1_000_000) {
                    for _ in 0..<repeats {
                        _ = Observable.range(start: 0, count: size)
                            .map { $0 &* 2 }
                            .filter { $0 % 3 == 0 }
                            .scan(0) { $0 &+ $1 }
                            .subscribe(onNext: { sink = $0 })
                    }
                }
            ))
    }
    results.append(chain)

    var fanOut = ScalingResult(family: "PublishSubject, by subscribers", unit: "delivery")
    for subscribers in [1, 10, 100, 1_000] {
        let values = 1_000_000 / subscribers
        fanOut.points.append(
            (
                subscribers,
                measure(events: 1_000_000) {
                    let subject = PublishSubject<Int>()
                    let bag = DisposeBag()
                    for _ in 0..<subscribers { subject.subscribe(onNext: { sink &+= $0 }).disposed(by: bag) }
                    for value in 0..<values { subject.onNext(value) }
                }
            ))
    }
    results.append(fanOut)

    var subscriptions = ScalingResult(family: "subscribe + DisposeBag", unit: "subscription")
    for size in sizes {
        let repeats = 1_000_000 / size
        subscriptions.points.append(
            (
                size,
                measure(events: 1_000_000, runs: 5) {
                    for _ in 0..<repeats {
                        let subject = PublishSubject<Int>()
                        var bag: DisposeBag? = DisposeBag()
                        for _ in 0..<size { subject.subscribe(onNext: { sink = $0 }).disposed(by: bag!) }
                        bag = nil
                        blackHole(subject)
                    }
                }
            ))
    }
    results.append(subscriptions)

    do {
        results += try persistenceScaling(sizes: sizes)
    } catch {
        print("persistence scaling failed: \(error)")
    }
    return results
}

@MainActor
private func persistenceScaling(sizes: [Int]) throws -> [ScalingResult] {
    var inserts = ScalingResult(family: "Codable insert, one transaction, memory", unit: "row")
    var fetches = ScalingResult(family: "Codable fetch, whole table, memory", unit: "row")
    var observations = ScalingResult(family: "commit->observer p50, one row changes, memory", unit: "commit")
    for size in sizes {
        let rows = benchItems(size)
        let runs = size >= 1_000_000 ? 3 : 7
        inserts.points.append(
            (
                size,
                try medianNanoseconds(runs: runs) {
                    let database = try SQLiteDatabase(.inMemory, migrations: [itemsTable])
                    defer { database.close() }
                    return try elapsedNanoseconds { try database.write { db in for row in rows { try db.insert(row) } } }
                } / Double(size)
            ))

        let database = try SQLiteDatabase(.inMemory, migrations: [itemsTable])
        defer { database.close() }
        try database.write { db in for row in rows { try db.insert(row) } }
        fetches.points.append(
            (
                size,
                try medianNanoseconds(runs: runs) {
                    var fetched: [BenchItem] = []
                    let nanoseconds = try elapsedNanoseconds { fetched = try database.read { try $0.fetchAll(BenchItem.all()) } }
                    blackHole(fetched)
                    return nanoseconds
                } / Double(size)
            ))
        observations.points.append((size, try commitToObserverLatency(database, samples: 500).p50))
    }
    return [inserts, fetches, observations]
}

/// Prints each family: the cost per unit at each size, and its ratio to the smallest size's.
func reportScaling(_ results: [ScalingResult]) {
    print("")
    print(
        "scaling".padding(toLength: 56, withPad: " ", startingAt: 0), "size".padding(toLength: 9, withPad: " ", startingAt: 0),
        "ns_per_unit", "x_smallest")
    for result in results {
        guard let first = result.points.first?.nanoseconds else { continue }
        for point in result.points {
            print(
                "\(result.family), per \(result.unit)".padding(toLength: 56, withPad: " ", startingAt: 0),
                String(point.size).padding(toLength: 9, withPad: " ", startingAt: 0),
                String(format: "%-11.1f", point.nanoseconds),
                String(format: "%.2f", point.nanoseconds / first))
        }
    }
}
