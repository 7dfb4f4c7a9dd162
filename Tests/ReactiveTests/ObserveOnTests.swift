import Dispatch
import Foundation
import Reactive
import ReactiveTesting
import XCTest

private enum ObserveOnTestError: Error { case failed }

/// Records values and facts from any thread; its lock orders them with the reading test.
private final class ThreadSafeLog<Value>: @unchecked Sendable {  // every access goes through `lock`
    private let lock = NSLock()
    private var storage: [Value] = []

    func append(_ value: Value) { lock.withLock { storage.append(value) } }
    var values: [Value] { lock.withLock { storage } }
    func removeAll() { lock.withLock { storage.removeAll() } }
}

final class ObserveOnTests: XCTestCase {
    // MARK: virtual time

    func testValuesAndCompletionArriveOneTickLaterOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(240, 3), .completed(300)])

        let res = scheduler.start { xs.observe(on: scheduler) }

        XCTAssertEqual(res.events, [.next(211, 2), .next(241, 3), .completed(301)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testABurstIsDrainedOneScheduledActionAtATime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .next(210, 3), .completed(210)])

        let res = scheduler.start { xs.observe(on: scheduler) }

        XCTAssertEqual(res.events, [.next(211, 1), .next(212, 2), .next(213, 3), .completed(214)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testErrorIsDeliveredInOrderOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .error(250, ObserveOnTestError.failed), .next(260, 2),
        ])

        let res = scheduler.start { xs.observe(on: scheduler) }

        XCTAssertEqual(res.events, [.next(211, 1), .error(251, ObserveOnTestError.failed)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDisposalDropsEventsNotYetDelivered() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])

        let res = scheduler.start(disposed: 241) { xs.observe(on: scheduler) }

        XCTAssertEqual(res.events, [.next(211, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 241)])
    }

    func testNeverSendsNothingAndStaysSubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>]())

        let res = scheduler.start { xs.observe(on: scheduler) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    @available(*, deprecated, message: "exercises the deprecated spelling")
    func testDeprecatedObserveOnSpelling() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])

        let res = scheduler.start { xs.observeOn(scheduler) }

        XCTAssertEqual(res.events, [.next(211, 1), .completed(221)])
    }

    // MARK: dispatch schedulers

    func testSerialDispatchQueueSchedulerDeliversEverythingOnItsQueueInOrder() {
        let key = DispatchSpecificKey<String>()
        let queue = DispatchQueue(label: "observe-on.serial")
        queue.setSpecific(key: key, value: "serial")
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let log = ThreadSafeLog<(Int, String?)>()
        let completedOnQueue = ThreadSafeLog<String?>()
        let done = expectation(description: "completed")

        let subscription = Observable.range(start: 0, count: 100)
            .observe(on: scheduler)
            .subscribe(
                onNext: { log.append(($0, DispatchQueue.getSpecific(key: key))) },
                onCompleted: {
                    completedOnQueue.append(DispatchQueue.getSpecific(key: key))
                    done.fulfill()
                })
        wait(for: [done], timeout: 10)
        subscription.dispose()

        XCTAssertEqual(log.values.map(\.0), Array(0..<100))
        XCTAssertTrue(log.values.allSatisfy { $0.1 == "serial" })
        XCTAssertEqual(completedOnQueue.values, ["serial"])
    }

    func testConcurrentSchedulerDeliversOneAtATimeAndInOrder() {
        let key = DispatchSpecificKey<String>()
        let queue = DispatchQueue(label: "observe-on.concurrent", attributes: .concurrent)
        queue.setSpecific(key: key, value: "concurrent")
        let scheduler = ConcurrentDispatchQueueScheduler(queue: queue)
        let log = ThreadSafeLog<Int>()
        let overlaps = ThreadSafeLog<Int>()
        let inside = ThreadSafeLog<Bool>()
        let offQueue = ThreadSafeLog<Int>()
        let done = expectation(description: "completed")
        let subject = PublishSubject<Int>()

        let subscription =
            subject
            .observe(on: scheduler)
            .subscribe(
                onNext: { value in
                    // Each delivery marks itself; an overlapping one would find the mark of another.
                    if !inside.values.isEmpty { overlaps.append(value) }
                    inside.append(true)
                    if DispatchQueue.getSpecific(key: key) != "concurrent" { offQueue.append(value) }
                    log.append(value)
                    inside.removeAll()
                },
                onCompleted: { done.fulfill() })

        // Several producer threads, serialised by a lock, as the Rx grammar requires of a source.
        let sendLock = NSLock()
        let counter = ThreadSafeLog<Int>()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<50 {
                sendLock.withLock {
                    let value = counter.values.count
                    counter.append(value)
                    subject.onNext(value)
                }
            }
        }
        subject.onCompleted()
        wait(for: [done], timeout: 10)
        subscription.dispose()

        XCTAssertEqual(log.values, Array(0..<200))
        XCTAssertEqual(overlaps.values, [])
        XCTAssertEqual(offQueue.values, [])
    }

    func testMainSchedulerDeliversOnTheMainThread() {
        let onMain = ThreadSafeLog<Bool>()
        let done = expectation(description: "completed")
        let subject = PublishSubject<Int>()

        let subscription =
            subject
            .observe(on: MainScheduler.instance)
            .subscribe(
                onNext: { _ in onMain.append(Thread.isMainThread) },
                onError: { _ in
                    onMain.append(Thread.isMainThread)
                    done.fulfill()
                })
        // Sent from a background queue; `wait(for:)` lets the main queue run.
        DispatchQueue.global().async {
            subject.onNext(1)
            subject.onNext(2)
            subject.onError(ObserveOnTestError.failed)
        }
        wait(for: [done], timeout: 10)
        subscription.dispose()

        XCTAssertEqual(onMain.values, [true, true, true])
    }
}
