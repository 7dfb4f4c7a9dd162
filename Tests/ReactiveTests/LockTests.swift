import Dispatch
import Foundation
import Reactive
import Synchronization
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// A count that only `lock` guards: under ThreadSanitizer, a lock whose hand-over the sanitizer
/// could not see would make every access here a reported race.
private final class GuardedCount: @unchecked Sendable {  // `lock` guards `value`
    let lock = Lock()
    var value = 0
}

/// The `Lock` every operator and subject uses: on Linux the futex path, which these tests exercise.
final class LockTests: XCTestCase {
    /// Four threads take the lock 20,000 times each; now and then the holder yields the core while
    /// it holds the lock, so that waiters stop spinning and sleep in the kernel, which hands the
    /// lock over. No increment is lost, and every thread finishes (the wait is bounded).
    func testThreadsTakingTheLockInTurnLoseNothingWhenWaitersSleep() {
        let count = GuardedCount()
        let threads = 4
        let rounds = 20_000
        let group = DispatchGroup()
        for _ in 0..<threads {
            DispatchQueue.global().async(group: group) {
                for round in 0..<rounds {
                    count.lock.lock()
                    count.value += 1
                    if round % 500 == 0 {
                        for _ in 0..<50 { sched_yield() }
                    }
                    count.lock.unlock()
                }
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 60), .success, "a thread never got the lock")
        count.lock.lock()
        XCTAssertEqual(count.value, threads * rounds)
        count.lock.unlock()
    }

    /// How the store recognises a reducer that sends: the thread holding the lock is refused.
    func testTheHolderIsRefusedTheLockItHolds() {
        let lock = Lock()
        XCTAssertTrue(lock.lockIfNotHeld(), "a free lock is taken")
        XCTAssertFalse(lock.lockIfNotHeld(), "the holder does not take it twice")
        lock.unlock()
        XCTAssertTrue(lock.lockIfNotHeld(), "given back, it is free again")
        lock.unlock()
    }

    /// How the ReSwift face recognises a dispatch from the reducer: only the holder is told it holds the lock.
    func testOnlyTheHolderIsToldItHoldsTheLock() {
        let lock = Lock()
        XCTAssertFalse(lock.isHeldByCurrentThread)
        lock.lock()
        XCTAssertTrue(lock.isHeldByCurrentThread)
        // A thread of its own: `DispatchQueue.sync` may run the block on this thread.
        let seenElsewhere = Atomic<Bool>(true)
        let done = DispatchSemaphore(value: 0)
        Thread {
            seenElsewhere.store(lock.isHeldByCurrentThread, ordering: .relaxed)
            done.signal()
        }.start()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertFalse(seenElsewhere.load(ordering: .relaxed), "another thread does not hold it")
        lock.unlock()
        XCTAssertFalse(lock.isHeldByCurrentThread)
    }
}
