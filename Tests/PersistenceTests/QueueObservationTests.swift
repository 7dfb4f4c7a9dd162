import Dispatch
import PersistenceInterface
import Reactive
import XCTest

@testable import Persistence

/// `observe(query, delivery: .async(onQueue:))`: the values reach the observer on the queue it asked
/// for, in commit order, as GRDB's `.async(onQueue:)` delivers them.
final class QueueObservationTests: XCTestCase {
    func testValuesArriveOnTheGivenQueueInCommitOrder() throws {
        let database = try SQLiteDatabase.inMemory(migrations: TestSchema.all)
        let queue = DispatchQueue(label: "the observer's")
        let key = DispatchSpecificKey<String>()
        queue.setSpecific(key: key, value: "observer")
        let recorder = Recorder<[String]>()
        let onTheQueue = Recorder<Bool>()
        let subscription = database.observe(Item.order(Column("id").asc), delivery: .async(onQueue: queue)).subscribe(onNext: { items in
            onTheQueue.append(DispatchQueue.getSpecific(key: key) == "observer")
            recorder.append(items.map(\.name))
        })
        defer { subscription.dispose() }
        XCTAssertEqual(recorder.waitForValues(1), [[]])

        for id in 1...3 {
            try database.write { try $0.insert(Item(id: Int64(id), name: "item \(id)", price: 1, count: 1)) }
        }

        XCTAssertEqual(recorder.waitForValues(4), [[], ["item 1"], ["item 1", "item 2"], ["item 1", "item 2", "item 3"]])
        XCTAssertEqual(onTheQueue.values, [true, true, true, true])
    }
}
