import Reactive
import ReactiveTesting
import XCTest

private enum MulticastTestError: Error { case failed, selectorFailed }

final class MulticastTests: XCTestCase {
    private func makeSource(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(40, 0), .next(90, 1), .next(150, 2), .next(210, 3), .next(240, 4), .next(270, 5),
            .next(330, 6), .next(340, 7), .completed(390),
        ])
    }

    // MARK: multicast(_ subject:)

    func testNothingIsSharedBeforeConnect() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler)
        let subject = PublishSubject<Int>()
        let o = scheduler.createObserver(Int.self)
        var connectable: ConnectableObservable<Int>?

        scheduler.scheduleAt(50) { connectable = xs.multicast(subject) }
        scheduler.scheduleAt(100) { _ = connectable?.subscribe(o) }
        scheduler.start()

        XCTAssertEqual(o.events, [])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testConnectSharesTheSourceUntilTheConnectionIsDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler)
        let subject = PublishSubject<Int>()
        let o = scheduler.createObserver(Int.self)
        var connectable: ConnectableObservable<Int>?
        var connection: Disposable?

        scheduler.scheduleAt(50) { connectable = xs.multicast(subject) }
        scheduler.scheduleAt(100) { connection = connectable?.connect() }
        scheduler.scheduleAt(200) { _ = connectable?.subscribe(o) }
        scheduler.scheduleAt(300) { connection?.dispose() }
        scheduler.start()

        XCTAssertEqual(o.events, [.next(210, 3), .next(240, 4), .next(270, 5)])
        XCTAssertEqual(xs.subscriptions, [Subscription(100, 300)])
    }

    func testCompletionReachesTheObserversAndEndsTheConnection() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler)
        let subject = PublishSubject<Int>()
        let o = scheduler.createObserver(Int.self)
        var connectable: ConnectableObservable<Int>?

        scheduler.scheduleAt(50) { connectable = xs.multicast(subject) }
        scheduler.scheduleAt(100) { _ = connectable?.connect() }
        scheduler.scheduleAt(200) { _ = connectable?.subscribe(o) }
        scheduler.start()

        XCTAssertEqual(
            o.events,
            [
                .next(210, 3), .next(240, 4), .next(270, 5), .next(330, 6), .next(340, 7), .completed(390),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(100, 390)])
    }

    func testConnectTwiceReturnsTheSameConnection() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler)
        let connectable = xs.multicast(PublishSubject<Int>())
        var first: Disposable?
        var second: Disposable?

        scheduler.scheduleAt(100) {
            first = connectable.connect()
            second = connectable.connect()
        }
        scheduler.scheduleAt(200) { second?.dispose() }
        scheduler.start()

        XCTAssertEqual(xs.subscriptions, [Subscription(100, 200)])
        first?.dispose()
    }

    func testTheSameSubjectServesEveryConnection() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler)
        let o = scheduler.createObserver(Int.self)
        let connectable = xs.multicast(PublishSubject<Int>())
        var connection: Disposable?

        scheduler.scheduleAt(200) { _ = connectable.subscribe(o) }
        scheduler.scheduleAt(205) { connection = connectable.connect() }
        scheduler.scheduleAt(250) { connection?.dispose() }
        scheduler.scheduleAt(300) { connection = connectable.connect() }
        scheduler.scheduleAt(350) { connection?.dispose() }
        scheduler.start()

        XCTAssertEqual(o.events, [.next(210, 3), .next(240, 4), .next(330, 6), .next(340, 7)])
        XCTAssertEqual(xs.subscriptions, [Subscription(205, 250), Subscription(300, 350)])
    }

    // MARK: publish, replay

    func testPublishMakesANewSubjectForEachConnection() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler)
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        let connectable = xs.publish()
        var connection: Disposable?

        scheduler.scheduleAt(200) { _ = connectable.subscribe(early) }
        scheduler.scheduleAt(205) { connection = connectable.connect() }
        scheduler.scheduleAt(250) { connection?.dispose() }
        // A new subject: `early` stays with the first one; `late` joins the new one.
        scheduler.scheduleAt(300) { connection = connectable.connect() }
        scheduler.scheduleAt(310) { _ = connectable.subscribe(late) }
        scheduler.start()

        XCTAssertEqual(early.events, [.next(210, 3), .next(240, 4)])
        XCTAssertEqual(late.events, [.next(330, 6), .next(340, 7), .completed(390)])
        XCTAssertEqual(xs.subscriptions, [Subscription(205, 250), Subscription(300, 390)])
        connection?.dispose()
    }

    func testPublishCanConnectAgainAfterTheSourceCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        let connectable = xs.publish()

        scheduler.scheduleAt(200) {
            _ = connectable.subscribe(first)
            _ = connectable.connect()
        }
        scheduler.scheduleAt(300) {
            _ = connectable.subscribe(second)
            _ = connectable.connect()
        }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(second.events, [.next(310, 1), .completed(320)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(300, 320)])
    }

    func testReplayReplaysTheBufferToLateSubscribers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler)
        let o = scheduler.createObserver(Int.self)
        let connectable = xs.replay(2)

        scheduler.scheduleAt(100) { _ = connectable.connect() }
        scheduler.scheduleAt(280) { _ = connectable.subscribe(o) }
        scheduler.start()

        XCTAssertEqual(o.events, [.next(280, 4), .next(280, 5), .next(330, 6), .next(340, 7), .completed(390)])
        XCTAssertEqual(xs.subscriptions, [Subscription(100, 390)])
    }

    func testReplayAllReplaysEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler)
        let o = scheduler.createObserver(Int.self)
        let connectable = xs.replayAll()

        scheduler.scheduleAt(100) { _ = connectable.connect() }
        scheduler.scheduleAt(335) { _ = connectable.subscribe(o) }
        scheduler.start()

        XCTAssertEqual(
            o.events,
            [
                .next(335, 2), .next(335, 3), .next(335, 4), .next(335, 5), .next(335, 6), .next(340, 7), .completed(390),
            ])
    }

    func testAfterTheSourceEndsReplayStartsAFreshSubjectAsRxSwiftDoes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler)
        let o = scheduler.createObserver(Int.self)
        let connectable = xs.replayAll()

        scheduler.scheduleAt(100) { _ = connectable.connect() }
        // The connection ended at 390 and took its subject with it: nothing is left to replay.
        scheduler.scheduleAt(400) { _ = connectable.subscribe(o) }
        scheduler.start()

        XCTAssertEqual(o.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(100, 390)])
    }

    // MARK: multicast with a selector

    func testSelectorSeesTheSharedSequenceAndConnectsAtSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler)

        let res = scheduler.start {
            xs.multicast({ PublishSubject<Int>() }, selector: { shared in shared.map { $0 * 10 } })
        }

        XCTAssertEqual(
            res.events,
            [
                .next(210, 30), .next(240, 40), .next(270, 50), .next(330, 60), .next(340, 70), .completed(390),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 390)])
    }

    func testSelectorDisposalDisconnects() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler)

        let res = scheduler.start(disposed: 250) {
            xs.multicast({ PublishSubject<Int>() }, selector: { $0 })
        }

        XCTAssertEqual(res.events, [.next(210, 3), .next(240, 4)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testThrowingSubjectSelectorFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler)

        let res = scheduler.start {
            xs.multicast({ () throws -> PublishSubject<Int> in throw MulticastTestError.failed }, selector: { $0 })
        }

        XCTAssertEqual(res.events, [.error(200, MulticastTestError.failed)])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testThrowingSelectorFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler)

        let res = scheduler.start {
            xs.multicast({ PublishSubject<Int>() }, selector: { _ -> Observable<Int> in throw MulticastTestError.selectorFailed })
        }

        XCTAssertEqual(res.events, [.error(200, MulticastTestError.selectorFailed)])
        XCTAssertEqual(xs.subscriptions, [])
    }

    // MARK: refCount

    func testRefCountConnectsForTheFirstAndDisconnectsAfterTheLast() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .completed(260),
        ])
        let ys = xs.publish().refCount()
        let o1 = scheduler.createObserver(Int.self)
        let o2 = scheduler.createObserver(Int.self)
        let o3 = scheduler.createObserver(Int.self)
        var d1: Disposable?
        var d2: Disposable?

        scheduler.scheduleAt(200) { d1 = ys.subscribe(o1) }
        scheduler.scheduleAt(215) { d2 = ys.subscribe(o2) }
        scheduler.scheduleAt(225) { d1?.dispose() }
        scheduler.scheduleAt(235) { d2?.dispose() }
        scheduler.scheduleAt(245) { _ = ys.subscribe(o3) }
        scheduler.start()

        XCTAssertEqual(o1.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(o2.events, [.next(220, 2), .next(230, 3)])
        XCTAssertEqual(o3.events, [.next(250, 5), .completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 235), Subscription(245, 260)])
    }

    func testRefCountReconnectsAfterTheSourceCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let ys = xs.publish().refCount()

        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = ys.subscribe(first) }
        scheduler.scheduleAt(300) { _ = ys.subscribe(second) }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(second.events, [.next(310, 1), .completed(320)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(300, 320)])
    }

    func testRefCountPassesTheErrorToEverySubscriber() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, MulticastTestError.failed)])
        let ys = xs.publish().refCount()
        let o1 = scheduler.createObserver(Int.self)
        let o2 = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) { _ = ys.subscribe(o1) }
        scheduler.scheduleAt(205) { _ = ys.subscribe(o2) }
        scheduler.start()

        XCTAssertEqual(o1.events, [.next(210, 1), .error(220, MulticastTestError.failed)])
        XCTAssertEqual(o2.events, [.next(210, 1), .error(220, MulticastTestError.failed)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }
}
