import Dispatch
import Foundation
import Reactive
import ReactiveTesting
import XCTest

private enum SubscribeOnTestError: Error { case failed }

/// Records facts from any thread; its lock orders them with the reading test.
private final class SubscribeOnLog<Value>: @unchecked Sendable {  // every access goes through `lock`
    private let lock = NSLock()
    private var storage: [Value] = []

    func append(_ value: Value) { lock.withLock { storage.append(value) } }
    var values: [Value] { lock.withLock { storage } }
}

final class SubscribeOnTests: XCTestCase {
    // MARK: virtual time

    func testSubscriptionAndDisposalBothHappenOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        var subscribedAt: TestTime?
        var disposedAt: TestTime?
        let xs = Observable<Int>.create { _ in
            subscribedAt = scheduler.clock
            return Disposables.create { disposedAt = scheduler.clock }
        }

        let res = scheduler.start { xs.subscribe(on: scheduler) }

        XCTAssertEqual(res.events, [])
        // Each is an action scheduled on the test scheduler, which runs it one tick later.
        XCTAssertEqual(subscribedAt, 201)
        XCTAssertEqual(disposedAt, 1001)
    }

    func testValuesAndCompletionPassThrough() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(250, 3), .completed(300)])

        let res = scheduler.start { xs.subscribe(on: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(250, 3), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 301)], "disposed through the scheduler, a tick later, as in RxSwift")
    }

    func testErrorPassesThrough() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(300, SubscribeOnTestError.failed)])

        let res = scheduler.start { xs.subscribe(on: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .error(300, SubscribeOnTestError.failed)])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 301)], "disposed through the scheduler, a tick later, as in RxSwift")
    }

    func testDisposalBeforeTheScheduledSubscriptionCancelsIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(300)])

        let res = scheduler.start(disposed: 200) { xs.subscribe(on: scheduler) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testNeverIsDisposedOneTickAfterTheSubscriptionIs() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>]())

        let res = scheduler.start(disposed: 500) { xs.subscribe(on: scheduler) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 501)])
    }

    @available(*, deprecated, message: "exercises the deprecated spelling")
    func testDeprecatedSubscribeOnSpelling() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])

        let res = scheduler.start { xs.subscribeOn(scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(201, 221)])
    }

    // MARK: dispatch schedulers

    func testSubscribesAndDisposesOnTheDispatchQueue() {
        let key = DispatchSpecificKey<String>()
        let queue = DispatchQueue(label: "subscribe-on.serial")
        queue.setSpecific(key: key, value: "serial")
        let scheduler = SerialDispatchQueueScheduler(serialQueue: queue)
        let subscribedOn = SubscribeOnLog<String?>()
        let disposedOn = SubscribeOnLog<String?>()
        let subscribed = expectation(description: "subscribed")
        let disposed = expectation(description: "disposed")

        let source = Observable<Int>.create { _ in
            subscribedOn.append(DispatchQueue.getSpecific(key: key))
            subscribed.fulfill()
            return Disposables.create {
                disposedOn.append(DispatchQueue.getSpecific(key: key))
                disposed.fulfill()
            }
        }
        let subscription = source.subscribe(on: scheduler).subscribe()
        wait(for: [subscribed], timeout: 10)
        subscription.dispose()
        wait(for: [disposed], timeout: 10)

        XCTAssertEqual(subscribedOn.values, ["serial"])
        XCTAssertEqual(disposedOn.values, ["serial"])
    }

    func testEventsOfASynchronousSourceArriveOnTheQueueThatSubscribed() {
        let key = DispatchSpecificKey<String>()
        let queue = DispatchQueue(label: "subscribe-on.concurrent", attributes: .concurrent)
        queue.setSpecific(key: key, value: "concurrent")
        let scheduler = ConcurrentDispatchQueueScheduler(queue: queue)
        let received = SubscribeOnLog<(Int, String?)>()
        let done = expectation(description: "completed")

        let subscription = Observable.range(start: 1, count: 3)
            .subscribe(on: scheduler)
            .subscribe(
                onNext: { received.append(($0, DispatchQueue.getSpecific(key: key))) },
                onCompleted: { done.fulfill() })
        wait(for: [done], timeout: 10)
        subscription.dispose()

        XCTAssertEqual(received.values.map(\.0), [1, 2, 3])
        XCTAssertTrue(received.values.allSatisfy { $0.1 == "concurrent" })
    }
}
