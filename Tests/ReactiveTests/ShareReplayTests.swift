import Dispatch
import Foundation
import Reactive
import ReactiveTesting
import XCTest

private enum ShareReplayTestError: Error { case failed }

/// Counts the source's subscriptions and disposals from any thread.
private final class ShareSubscriptionCounter: @unchecked Sendable {  // every access goes through `lock`
    private let lock = NSLock()
    private var subscribed = 0
    private var disposed = 0

    func subscribe() { lock.withLock { subscribed += 1 } }
    func dispose() { lock.withLock { disposed += 1 } }
    var counts: (subscribed: Int, disposed: Int) { lock.withLock { (subscribed, disposed) } }
}

final class ShareReplayTests: XCTestCase {
    private func makeSource(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
    }

    // MARK: whileConnected

    /// RxSwift's regression test for concurrent first subscriptions (its issue 2718), on threads of
    /// the test's own: 32 subscribers let go at once must connect the source once. (Blocks on the
    /// global queues would depend on how many threads the dispatch pool starts on 2 cores.)
    func testShareWithoutReplayConnectsOnceForConcurrentFirstSubscriptions() {
        let subscriberCount = 32
        for round in 0..<20 {
            let connections = Locked(0)
            // An observable is not Sendable; subscribing to one from many threads is what `share` is for.
            nonisolated(unsafe) let shared = Observable<Never>.never()
                .do(onSubscribe: { connections.withLock { $0 += 1 } })
                .share(replay: 0, scope: .whileConnected)
            let subscriptions = CompositeDisposable()
            let ready = DispatchSemaphore(value: 0)
            let start = DispatchSemaphore(value: 0)
            let finished = DispatchSemaphore(value: 0)
            for _ in 0..<subscriberCount {
                Thread {
                    ready.signal()
                    start.wait()
                    _ = subscriptions.insert(shared.subscribe())
                    finished.signal()
                }.start()
            }
            for _ in 0..<subscriberCount { XCTAssertEqual(ready.wait(timeout: .now() + 10), .success) }
            for _ in 0..<subscriberCount { start.signal() }
            for _ in 0..<subscriberCount { XCTAssertEqual(finished.wait(timeout: .now() + 10), .success) }
            XCTAssertEqual(connections.withLock { $0 }, 1, "round \(round)")
            subscriptions.dispose()
        }
    }

    func testShareSubscribesOnceForAllSubscribers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let ys = xs.share()
        let o1 = scheduler.createObserver(Int.self)
        let o2 = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) { _ = ys.subscribe(o1) }
        scheduler.scheduleAt(215) { _ = ys.subscribe(o2) }
        scheduler.start()

        XCTAssertEqual(o1.events, [.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        XCTAssertEqual(o2.events, [.next(220, 2), .next(230, 3), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testShareDisconnectsAfterTheLastSubscriberAndStartsAfresh() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler)
        let ys = xs.share()
        let o1 = scheduler.createObserver(Int.self)
        let o2 = scheduler.createObserver(Int.self)
        var d1: Disposable?

        scheduler.scheduleAt(200) { d1 = ys.subscribe(o1) }
        scheduler.scheduleAt(215) { d1?.dispose() }
        scheduler.scheduleAt(250) { _ = ys.subscribe(o2) }
        scheduler.start()

        XCTAssertEqual(o1.events, [.next(210, 1)])
        XCTAssertEqual(o2.events, [.next(260, 1), .next(270, 2), .completed(280)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215), Subscription(250, 280)])
    }

    func testShareReplay1ReplaysTheLatestValueOfTheCurrentConnectionOnly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler)
        let ys = xs.share(replay: 1)
        let o1 = scheduler.createObserver(Int.self)
        let o2 = scheduler.createObserver(Int.self)
        let o3 = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) { _ = ys.subscribe(o1) }
        scheduler.scheduleAt(215) { _ = ys.subscribe(o2) }
        // The first connection ended at 230: a new one, with nothing to replay.
        scheduler.scheduleAt(240) { _ = ys.subscribe(o3) }
        scheduler.start()

        XCTAssertEqual(o1.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(o2.events, [.next(215, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(o3.events, [.next(250, 1), .next(260, 2), .completed(270)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230), Subscription(240, 270)])
    }

    func testShareReplayMoreThanOneWhileConnected() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler)
        let ys = xs.share(replay: 2)
        let o1 = scheduler.createObserver(Int.self)
        let o2 = scheduler.createObserver(Int.self)
        let o3 = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) { _ = ys.subscribe(o1) }
        scheduler.scheduleAt(225) { _ = ys.subscribe(o2) }
        scheduler.scheduleAt(240) { _ = ys.subscribe(o3) }
        scheduler.start()

        XCTAssertEqual(o1.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(o2.events, [.next(225, 1), .next(225, 2), .completed(230)])
        XCTAssertEqual(o3.events, [.next(250, 1), .next(260, 2), .completed(270)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230), Subscription(240, 270)])
    }

    func testShareErrorReachesEverySubscriberAndTheNextOneResubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, ShareReplayTestError.failed)])
        let ys = xs.share(replay: 1)
        let o1 = scheduler.createObserver(Int.self)
        let o2 = scheduler.createObserver(Int.self)
        let o3 = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) { _ = ys.subscribe(o1) }
        scheduler.scheduleAt(212) { _ = ys.subscribe(o2) }
        scheduler.scheduleAt(250) { _ = ys.subscribe(o3) }
        scheduler.start()

        XCTAssertEqual(o1.events, [.next(210, 1), .error(220, ShareReplayTestError.failed)])
        XCTAssertEqual(o2.events, [.next(212, 1), .error(220, ShareReplayTestError.failed)])
        XCTAssertEqual(o3.events, [.next(260, 1), .error(270, ShareReplayTestError.failed)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(250, 270)])
    }

    // MARK: forever

    func testShareForeverKeepsTheReplayBufferAndTheStopEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler)
        let ys = xs.share(replay: 1, scope: .forever)
        let o1 = scheduler.createObserver(Int.self)
        let o2 = scheduler.createObserver(Int.self)
        let o3 = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) { _ = ys.subscribe(o1) }
        scheduler.scheduleAt(215) { _ = ys.subscribe(o2) }
        // The one subject has completed: it replays 2 and its completion, and nothing reconnects.
        scheduler.scheduleAt(240) { _ = ys.subscribe(o3) }
        scheduler.start()

        XCTAssertEqual(o1.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(o2.events, [.next(215, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(o3.events, [.next(240, 2), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testShareForeverReplaysAcrossConnections() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2)])
        let ys = xs.share(replay: 1, scope: .forever)
        let o1 = scheduler.createObserver(Int.self)
        let o2 = scheduler.createObserver(Int.self)
        var d1: Disposable?

        scheduler.scheduleAt(200) { d1 = ys.subscribe(o1) }
        scheduler.scheduleAt(230) { d1?.dispose() }
        // Disconnected, but the subject (and its buffer) is the same: 2 is replayed, then the new
        // connection's values follow.
        scheduler.scheduleAt(300) { _ = ys.subscribe(o2) }
        scheduler.start()

        XCTAssertEqual(o1.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(o2.events, [.next(300, 2), .next(310, 1), .next(320, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230), Subscription(300)])
    }

    func testShareForeverWithoutReplay() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler)
        let ys = xs.share(replay: 0, scope: .forever)
        let o1 = scheduler.createObserver(Int.self)
        let o2 = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) { _ = ys.subscribe(o1) }
        scheduler.scheduleAt(240) { _ = ys.subscribe(o2) }
        scheduler.start()

        XCTAssertEqual(o1.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(o2.events, [.completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testShareWithStart() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler)

        let res = scheduler.start(disposed: 215) { xs.share(replay: 1) }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
    }

    // MARK: threads

    /// Subscribers come and go on several threads at once; every connection the race makes must
    /// be disconnected in the end, with no crash or deadlock along the way.
    private func assertBalancedUnderRace(
        _ makeShared: (Observable<Int>) -> Observable<Int>, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let counter = ShareSubscriptionCounter()
        let emitter = PublishSubject<Int>()
        let source = Observable<Int>.create { observer in
            counter.subscribe()
            let inner = emitter.subscribe(observer)
            return Disposables.create {
                inner.dispose()
                counter.dispose()
            }
        }
        let shared = RacedSequence(makeShared(source))
        let received = ShareSubscriptionCounter()

        DispatchQueue.concurrentPerform(iterations: 5) { worker in
            for iteration in 0..<400 {
                if worker == 0 {
                    emitter.onNext(iteration)
                    continue
                }
                let subscription = shared.value.subscribe(onNext: { _ in received.subscribe() })
                if iteration % 3 == 0 { emitter.onNext(iteration) }
                subscription.dispose()
            }
        }

        let counts = counter.counts
        XCTAssertGreaterThan(counts.subscribed, 0, file: file, line: line)
        XCTAssertEqual(counts.subscribed, counts.disposed, file: file, line: line)
        XCTAssertFalse(emitter.hasObservers, file: file, line: line)
    }

    func testShareConnectDisconnectRace() {
        assertBalancedUnderRace { $0.share() }
    }

    func testShareReplay1ConnectDisconnectRace() {
        assertBalancedUnderRace { $0.share(replay: 1) }
    }

    func testShareReplayManyConnectDisconnectRace() {
        assertBalancedUnderRace { $0.share(replay: 3) }
    }

    func testPublishRefCountConnectDisconnectRace() {
        assertBalancedUnderRace { $0.publish().refCount() }
    }

    func testShareForeverConnectDisconnectRace() {
        assertBalancedUnderRace { $0.share(replay: 1, scope: .forever) }
    }
}

/// Hands the shared sequence to the racing threads: it is built before they start and only read
/// by them (the operators under test lock their own state).
// `@unchecked Sendable`: `value` is immutable; the sequence guards its own state with the share/refCount lock.
private struct RacedSequence<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
