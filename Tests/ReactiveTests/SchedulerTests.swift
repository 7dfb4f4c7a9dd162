import Dispatch
import Foundation
import Reactive
import Synchronization
import XCTest

/// A thread-safe log for work that runs on other threads.
private final class SharedLog: Sendable {
    private let entries = Locked<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

final class CurrentThreadSchedulerTests: XCTestCase {
    func testScheduleRequiredOnlyOutsideTheTrampoline() {
        XCTAssertTrue(CurrentThreadScheduler.isScheduleRequired)
        var inside: Bool?
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            inside = CurrentThreadScheduler.isScheduleRequired
            return Disposables.create()
        }
        XCTAssertEqual(inside, false)
        XCTAssertTrue(CurrentThreadScheduler.isScheduleRequired)
    }

    func testNestedWorkRunsAfterTheCurrentWorkInOrder() {
        var log: [String] = []
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            log.append("outer start")
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                log.append("first nested")
                _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                    log.append("third nested")
                    return Disposables.create()
                }
                return Disposables.create()
            }
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                log.append("second nested")
                return Disposables.create()
            }
            log.append("outer end")
            return Disposables.create()
        }
        XCTAssertEqual(log, ["outer start", "outer end", "first nested", "second nested", "third nested"])
    }

    func testDisposingQueuedWorkCancelsIt() {
        var ran = false
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            let queued = CurrentThreadScheduler.instance.schedule(()) { _ in
                ran = true
                return Disposables.create()
            }
            queued.dispose()
            return Disposables.create()
        }
        XCTAssertFalse(ran)
    }

    func testSequencesSubscribedInOneTrampolineInterleaveAsInRxSwift() {
        var log: [Int] = []
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            _ = Observable.of(1, 2, 3).subscribe(onNext: { log.append($0) })
            _ = Observable.of(10, 20, 30).subscribe(onNext: { log.append($0) })
            return Disposables.create()
        }
        XCTAssertEqual(log, [1, 10, 2, 20, 3, 30])
    }

    func testThousandsOfSequencesInOneTrampolineTakeTurnsInOrder() {
        // More queued steps than the trampoline keeps before it compacts its queue: the turns stay
        // round-robin in subscription order throughout.
        let sequences = 3_000
        var log: [Int] = []
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            for sequence in 0..<sequences {
                _ = Observable.range(start: sequence * 10, count: 3).subscribe(onNext: { log.append($0) })
            }
            return Disposables.create()
        }
        XCTAssertEqual(log, (0..<3).flatMap { step in (0..<sequences).map { $0 * 10 + step } })
    }

    func testLongRecursiveSequenceRunsInConstantStack() {
        var count = 0
        _ = Observable.range(start: 0, count: 1_000_000).subscribe(onNext: { _ in count += 1 })
        XCTAssertEqual(count, 1_000_000)
    }

    func testDisposalFromInsideAStepStopsASynchronousLoop() {
        var pulled = 0
        let naturals = AnySequence { () -> AnyIterator<Int> in
            var next = 0
            return AnyIterator {
                pulled += 1
                defer { next += 1 }
                return next
            }
        }
        var values: [Int] = []
        _ = Observable.from(naturals).take(2).subscribe(onNext: { values.append($0) })
        XCTAssertEqual(values, [0, 1])
        XCTAssertEqual(pulled, 2)

        var ranged: [Int] = []
        _ = Observable.range(start: 0, count: Int.max).take(3).subscribe(onNext: { ranged.append($0) })
        XCTAssertEqual(ranged, [0, 1, 2])
    }

    func testRecursiveSchedulingStopsWhenDisposed() {
        // Inside a running trampoline `subscribe` returns before the first value, as in RxSwift, so
        // the subscription can be disposed from the observer.
        var values: [Int] = []
        var subscription: Disposable?
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            subscription = Observable.range(start: 0, count: 100).subscribe(onNext: { value in
                values.append(value)
                if value == 4 { subscription?.dispose() }
            })
            return Disposables.create()
        }
        XCTAssertEqual(values, [0, 1, 2, 3, 4])
    }
}

final class DispatchSchedulerTests: XCTestCase {
    func testSerialSchedulerRunsActionsInOrderOnItsQueue() {
        let key = DispatchSpecificKey<String>()
        let queue = DispatchQueue(label: "serial-test")
        queue.setSpecific(key: key, value: "serial-test")
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let log = SharedLog()
        let done = expectation(description: "all ran")
        for index in 0..<20 {
            _ = scheduler.schedule(index) { index in
                log.append("\(index)@\(DispatchQueue.getSpecific(key: key) ?? "other")")
                if index == 19 { done.fulfill() }
                return Disposables.create()
            }
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(log.all, (0..<20).map { "\($0)@serial-test" })
    }

    func testDisposingBeforeTheQueueRunsCancels() {
        let queue = DispatchQueue(label: "suspended")
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let log = SharedLog()
        queue.suspend()
        let cancelled = scheduler.schedule(()) { _ in
            log.append("cancelled ran")
            return Disposables.create()
        }
        _ = scheduler.schedule(()) { _ in
            log.append("kept ran")
            return Disposables.create()
        }
        cancelled.dispose()
        queue.resume()
        queue.sync {}
        XCTAssertEqual(log.all, ["kept ran"])
    }

    func testRelativeSchedulingRunsLaterAndCanBeCancelled() {
        // The queue is held until the cancellation, so a slow machine cannot let the first timer
        // fire in between.
        let queue = DispatchQueue(label: "relative")
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let log = SharedLog()
        let done = expectation(description: "relative ran")
        queue.suspend()
        let cancelled = scheduler.scheduleRelative((), dueTime: .milliseconds(1)) { _ in
            log.append("cancelled")
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(5)) { _ in
            log.append("ran")
            done.fulfill()
            return Disposables.create()
        }
        cancelled.dispose()
        queue.resume()
        wait(for: [done], timeout: 10)
        XCTAssertEqual(log.all, ["ran"])
    }

    func testPeriodicSchedulingThreadsStateThroughTicks() {
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        let ticks = expectation(description: "three ticks")
        ticks.expectedFulfillmentCount = 3
        ticks.assertForOverFulfill = false
        let log = SharedLog()
        let subscription = scheduler.schedulePeriodic(0, startAfter: .milliseconds(1), period: .milliseconds(1)) { state in
            log.append("\(state)")
            ticks.fulfill()
            return state + 1
        }
        wait(for: [ticks], timeout: 10)
        subscription.dispose()
        XCTAssertEqual(Array(log.all.prefix(3)), ["0", "1", "2"])
    }

    func testConcurrentAndOperationQueueSchedulersRunWork() {
        let concurrent = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
        let operations = OperationQueueScheduler(operationQueue: OperationQueue())
        let done = expectation(description: "both ran")
        done.expectedFulfillmentCount = 2
        _ = concurrent.schedule(()) { _ in
            done.fulfill()
            return Disposables.create()
        }
        _ = operations.schedule(()) { _ in
            done.fulfill()
            return Disposables.create()
        }
        wait(for: [done], timeout: 10)
    }

    func testRecursiveSchedulingOnADispatchQueue() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "recursive")
        let done = expectation(description: "counted")
        let log = SharedLog()
        _ = scheduler.scheduleRecursive(0) { value, recurse in
            log.append("\(value)")
            if value < 9 { recurse(value + 1) } else { done.fulfill() }
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(log.all, (0..<10).map(String.init))
    }
}

final class MainSchedulerTests: XCTestCase {
    func testRunsInlineOnTheMainThreadWhenNothingIsQueued() {
        XCTAssertTrue(Thread.isMainThread)
        var ran = false
        _ = MainScheduler.instance.schedule(()) { _ in
            ran = true
            return Disposables.create()
        }
        XCTAssertTrue(ran)
        MainScheduler.ensureExecutingOnScheduler()
    }

    func testWorkFromABackgroundThreadRunsOnTheMainThread() {
        let done = expectation(description: "ran on main")
        let log = SharedLog()
        DispatchQueue.global().async {
            _ = MainScheduler.instance.schedule(()) { _ in
                log.append(Thread.isMainThread ? "main" : "background")
                done.fulfill()
                return Disposables.create()
            }
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(log.all, ["main"])
    }

    func testAsyncInstanceAlwaysQueues() {
        var ran = false
        let done = expectation(description: "ran later")
        _ = MainScheduler.asyncInstance.schedule(()) { _ in
            ran = true
            done.fulfill()
            return Disposables.create()
        }
        XCTAssertFalse(ran)
        wait(for: [done], timeout: 10)
        XCTAssertTrue(ran)
    }
}

final class VirtualTimeSchedulerTests: XCTestCase {
    func testRunsWorkInDueTimeOrderAndFirstInFirstOutAtEqualTimes() {
        let scheduler = HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 0))
        var log: [String] = []
        _ = scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
            log.append("20")
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
            log.append("10a")
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
            log.append("10b")
            return Disposables.create()
        }
        let cancelled = scheduler.scheduleRelative((), dueTime: .seconds(15)) { _ in
            log.append("15")
            return Disposables.create()
        }
        cancelled.dispose()
        scheduler.start()
        XCTAssertEqual(log, ["10a", "10b", "20"])
        XCTAssertEqual(scheduler.clock, Date(timeIntervalSince1970: 20))
    }

    func testAdvanceToRunsOnlyWhatIsDueAndSetsTheClock() {
        let scheduler = HistoricalScheduler()
        var log: [Int] = []
        for time in [5, 10, 15] {
            _ = scheduler.scheduleRelative(time, dueTime: .seconds(time)) { time in
                log.append(time)
                return Disposables.create()
            }
        }
        scheduler.advanceTo(Date(timeIntervalSince1970: 10))
        XCTAssertEqual(log, [5, 10])
        XCTAssertEqual(scheduler.now, Date(timeIntervalSince1970: 10))
        scheduler.sleep(2)
        XCTAssertEqual(scheduler.now, Date(timeIntervalSince1970: 12))
        scheduler.start()
        XCTAssertEqual(log, [5, 10, 15])
    }

    func testStopEndsStartAfterTheCurrentItem() {
        let scheduler = HistoricalScheduler()
        var log: [Int] = []
        _ = scheduler.scheduleRelative((), dueTime: .seconds(1)) { _ in
            log.append(1)
            scheduler.stop()
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(2)) { _ in
            log.append(2)
            return Disposables.create()
        }
        scheduler.start()
        XCTAssertEqual(log, [1])
        scheduler.start()
        XCTAssertEqual(log, [1, 2])
    }

    func testPeriodicWorkOnVirtualTime() {
        let scheduler = HistoricalScheduler()
        var ticks: [TimeInterval] = []
        let periodic = scheduler.schedulePeriodic((), startAfter: .seconds(3), period: .seconds(2)) { _ in
            ticks.append(scheduler.now.timeIntervalSince1970)
        }
        scheduler.advanceTo(Date(timeIntervalSince1970: 10))
        periodic.dispose()
        scheduler.start()
        XCTAssertEqual(ticks, [3, 5, 7, 9])
    }
}

final class ConcurrentMainSchedulerTests: XCTestCase {
    /// RxSwift's difference between the two main schedulers: work scheduled inside other main-thread
    /// work waits for the main queue on `MainScheduler.instance`, and runs at once here.
    func testNestedWorkOnTheMainThreadRunsAtOnce() {
        var order: [String] = []
        _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
            _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
                order.append("inner")
                return Disposables.create()
            }
            order.append("outer")
            return Disposables.create()
        }
        XCTAssertEqual(order, ["inner", "outer"])

        var mainOrder: [String] = []
        let queued = expectation(description: "queued on the main queue")
        _ = MainScheduler.instance.schedule(()) { _ in
            _ = MainScheduler.instance.schedule(()) { _ in
                mainOrder.append("inner")
                queued.fulfill()
                return Disposables.create()
            }
            mainOrder.append("outer")
            return Disposables.create()
        }
        XCTAssertEqual(mainOrder, ["outer"])
        wait(for: [queued], timeout: 10)
        XCTAssertEqual(mainOrder, ["outer", "inner"])
    }

    func testWorkFromABackgroundThreadRunsOnTheMainThreadUnlessCancelled() {
        let done = expectation(description: "ran on main")
        let log = SharedLog()
        // The main thread stays blocked (not spinning its run loop) until the background thread
        // has scheduled, cancelled and scheduled again, so the main queue cannot run the first
        // piece of work before its cancellation.
        let scheduled = DispatchSemaphore(value: 0)
        Thread {
            let cancelled = ConcurrentMainScheduler.instance.schedule(()) { _ in
                log.append("cancelled work ran")
                return Disposables.create()
            }
            cancelled.dispose()
            _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
                log.append(Thread.isMainThread ? "main" : "background")
                done.fulfill()
                return Disposables.create()
            }
            scheduled.signal()
        }.start()
        XCTAssertEqual(scheduled.wait(timeout: .now() + 10), .success)
        wait(for: [done], timeout: 10)
        XCTAssertEqual(log.all, ["main"])
    }

    func testTimedWorkGoesToTheMainQueue() {
        let done = expectation(description: "after the delay")
        let log = SharedLog()
        _ = ConcurrentMainScheduler.instance.scheduleRelative((), dueTime: .milliseconds(1)) { _ in
            log.append(Thread.isMainThread ? "main" : "background")
            done.fulfill()
            return Disposables.create()
        }
        XCTAssertEqual(log.all, [])
        wait(for: [done], timeout: 10)
        XCTAssertEqual(log.all, ["main"])
    }
}
