import Foundation
import Persistence
import PersistenceInterface
import XCTest

/// One serial writer; reads of a file run concurrently with it and see only committed transactions.
final class ConcurrencyTests: XCTestCase {
    func testReadersRunWhileALongWriteIsInProgressAndSeeTheCommittedState() throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("concurrent.sqlite").path
        let database = try SQLiteDatabase(.file(path: path), migrations: TestSchema.all)
        try database.write { db in for item in Item.samples(10) { try db.insert(item) } }

        let writeIsOpen = DispatchSemaphore(value: 0)
        let finishWrite = DispatchSemaphore(value: 0)
        let writeDone = expectation(description: "the long write committed")
        DispatchQueue.global().async {
            do {
                try database.write { db in
                    for item in Item.samples(1000, startingAt: 11) { try db.insert(item) }
                    writeIsOpen.signal()
                    // The write stays open, uncommitted, until the readers below have finished.
                    finishWrite.wait()
                }
            } catch {
                XCTFail("\(error)")
            }
            writeDone.fulfill()
        }
        XCTAssertEqual(writeIsOpen.wait(timeout: .now() + 30), .success)

        // Several readers at once, while the writer holds its transaction open. If reads waited for the
        // write, they could never finish: the write only finishes after them.
        let readsDone = expectation(description: "the reads finished during the write")
        readsDone.expectedFulfillmentCount = 8
        let counts = Recorder<Int>()
        for _ in 0..<8 {
            DispatchQueue.global().async {
                do {
                    counts.append(try database.read { try $0.fetchCount(Item.self) })
                } catch {
                    XCTFail("\(error)")
                }
                readsDone.fulfill()
            }
        }
        wait(for: [readsDone], timeout: 30)
        XCTAssertEqual(counts.values, Array(repeating: 10, count: 8))

        finishWrite.signal()
        wait(for: [writeDone], timeout: 30)
        XCTAssertEqual(try database.read { try $0.fetchCount(Item.self) }, 1010)
    }

    func testConcurrentWritersAreSerializedAndReadersSeeOnlyWholeTransactions() throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("serial.sqlite").path
        let database = try SQLiteDatabase(.file(path: path), migrations: TestSchema.all)
        let rowsPerTransaction = 25
        let writers = 4
        let transactionsPerWriter = 20
        let torn = Recorder<Int>()
        DispatchQueue.concurrentPerform(iterations: writers + 2) { worker in
            if worker < writers {
                for transaction in 0..<transactionsPerWriter {
                    let first = Int64((worker * transactionsPerWriter + transaction) * rowsPerTransaction) + 1
                    do {
                        try database.write { db in
                            for item in Item.samples(rowsPerTransaction, startingAt: first) { try db.insert(item) }
                        }
                    } catch {
                        XCTFail("\(error)")
                    }
                }
            } else {
                for _ in 0..<200 {
                    do {
                        let count = try database.read { try $0.fetchCount(Item.self) }
                        if count % rowsPerTransaction != 0 { torn.append(count) }
                    } catch {
                        XCTFail("\(error)")
                    }
                }
            }
        }
        XCTAssertEqual(torn.values, [])
        XCTAssertEqual(try database.read { try $0.fetchCount(Item.self) }, writers * transactionsPerWriter * rowsPerTransaction)
    }

    func testReadsOfAnInMemoryDatabaseFromManyThreads() throws {
        let database = try SQLiteDatabase.inMemory(migrations: TestSchema.all)
        try database.write { db in for item in Item.samples(100) { try db.insert(item) } }
        let counts = Recorder<Int>()
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            do {
                counts.append(try database.read { try $0.fetchCount(Item.self) })
            } catch {
                XCTFail("\(error)")
            }
        }
        XCTAssertEqual(counts.values, Array(repeating: 100, count: 16))
    }
}
