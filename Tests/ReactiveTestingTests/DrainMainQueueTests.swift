import Dispatch
import Reactive
import ReactiveTesting
import XCTest

/// `drainMainQueue()`: the main queue runs until the main scheduler has nothing left, however many
/// times its work queues more.
@preconcurrency @MainActor  // @preconcurrency: Linux's generated test list traps casting sync main-actor tests otherwise
final class DrainMainQueueTests: XCTestCase {
    func testWorkThatQueuesMoreWorkRunsToTheEnd() {
        let ran = Locked<[Int]>([])
        // Each step, on the main thread, queues the next one behind what is already queued.
        @Sendable func step(_ number: Int) {
            _ = MainScheduler.instance.schedule(()) { _ in
                ran.withLock { $0.append(number) }
                if number < 8 { step(number + 1) }
                return Disposables.create()
            }
        }
        // Queued from another thread: nothing runs until the main queue does.
        let queued = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            step(1)
            queued.signal()
        }
        XCTAssertEqual(queued.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(ran.withLock { $0 }, [])

        drainMainQueue()
        XCTAssertEqual(ran.withLock { $0 }, Array(1...8))
        XCTAssertEqual(MainScheduler.instance.queuedActionCount, 0)
    }

    func testWorkQueuedStraightOnTheMainQueueRunsToo() {
        let ran = Locked(false)
        DispatchQueue.main.async { ran.withLock { $0 = true } }
        drainMainQueue()
        XCTAssertTrue(ran.withLock { $0 })
    }
}
