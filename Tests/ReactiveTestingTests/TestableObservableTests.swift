import Reactive
import ReactiveTesting
import XCTest

final class TestableObservableTests: XCTestCase {
    // MARK: hot

    func testHotObservableSendsAtAbsoluteTimesToWhoeverIsSubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(110, 1),
            .next(210, 2),
            .next(310, 3),
            .completed(410),
        ])
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        var firstSubscription: Disposable?

        scheduler.scheduleAt(200) { firstSubscription = xs.subscribe(first) }
        scheduler.scheduleAt(350) { firstSubscription?.dispose() }
        scheduler.scheduleAt(300) { _ = xs.subscribe(second) }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 2), .next(310, 3)])
        XCTAssertEqual(second.events, [.next(310, 3), .completed(410)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 350), Subscription(300)])
        XCTAssertEqual(xs.subscriptions[1].unsubscribe, Int.max)
        XCTAssertEqual(scheduler.clock, 410)
    }

    func testHotObservableRunsWithoutSubscribers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])

        scheduler.start()

        XCTAssertEqual(scheduler.clock, 250)
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testHotObservableKeepsItsRecordedEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let events: [Recorded<Event<String>>] = [.next(210, "a"), .error(220, TestError())]

        let xs = scheduler.createHotObservable(events)

        XCTAssertEqual(xs.recordedEvents, events)
    }

    func testHotEventAndSubscriptionAtTheSameTimeRunInTheOrderTheyWereScheduled() {
        let scheduler = TestScheduler(initialClock: 0)
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        var xs: TestableObservable<Int>!

        // Scheduled before the hot observable schedules its event at 210: subscribes first.
        scheduler.scheduleAt(210) { _ = xs.subscribe(early) }
        xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        // Scheduled after it: the event at 210 has already been sent.
        scheduler.scheduleAt(210) { _ = xs.subscribe(late) }
        scheduler.start()

        XCTAssertEqual(early.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(late.events, [.next(220, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(210), Subscription(210)])
    }

    func testHotObserverSubscribingDuringDeliveryMissesThatEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let inner = scheduler.createObserver(Int.self)
        var subscribed = false

        scheduler.scheduleAt(200) {
            _ = xs.subscribe(
                AnyObserver<Int> { _ in
                    if subscribed { return }
                    subscribed = true
                    _ = xs.subscribe(inner)
                })
        }
        scheduler.start()

        XCTAssertEqual(inner.events, [.next(220, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200), Subscription(210)])
    }

    func testHotObservableStopsSendingToDisposedSubscribers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])

        let res = scheduler.start(disposed: 225) { xs.asObservable() }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
    }

    func testDisposalAtTheTimeOfAnEarlierScheduledHotEventRunsAfterIt() {
        // The hot observable queued its event at 220 when it was created, before `start` queued the
        // disposal at 220, so first-in first-out delivers the event first (as in RxTest).
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])

        let res = scheduler.start(disposed: 220) { xs.asObservable() }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    // MARK: cold

    func testColdObservableSendsRelativeToEachSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([
            .next(10, 1),
            .next(20, 2),
            .completed(30),
        ])
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        var secondSubscription: Disposable?

        scheduler.scheduleAt(200) { _ = xs.subscribe(first) }
        scheduler.scheduleAt(300) { secondSubscription = xs.subscribe(second) }
        scheduler.scheduleAt(315) { secondSubscription?.dispose() }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(second.events, [.next(310, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200), Subscription(300, 315)])
    }

    func testColdEventAtRelativeTimeZeroArrivesAtTheSubscriptionTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(0, 1), .completed(0)])

        let res = scheduler.start { xs.asObservable() }

        XCTAssertEqual(res.events, [.next(200, 1), .completed(200)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 200)])
    }

    func testColdObservableBeforeAnySubscriptionSendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1)])

        scheduler.start()

        XCTAssertEqual(scheduler.clock, 0)
        XCTAssertEqual(xs.subscriptions, [])
        XCTAssertEqual(xs.recordedEvents, [.next(10, 1)])
    }

    func testColdObservableErrorEndsTheSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, TestError("cold")), .next(30, 3)])

        let res = scheduler.start { xs.map { $0 + 1 } }

        XCTAssertEqual(res.events, [.next(210, 2), .error(220, TestError("cold"))])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testSubscriptionsThroughSubjects() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let subject = PublishSubject<Int>()
        let observer = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(100) { _ = xs.subscribe(subject) }
        scheduler.scheduleAt(220) { _ = subject.subscribe(observer) }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(240, 2), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(100)])
    }

    // MARK: observer

    func testObserverRecordsTheClock() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(String.self)

        scheduler.scheduleAt(5) { observer.onNext("a") }
        scheduler.scheduleAt(7) { observer.onError(TestError("bad")) }
        scheduler.start()

        XCTAssertEqual(observer.events, [.next(5, "a"), .error(7, TestError("bad"))])
        XCTAssertTrue(observer.scheduler === scheduler)
    }

    func testObserverRecordsEventsAfterAStopEvent() {
        // A recording observer does not police the grammar: it shows exactly what it was sent.
        let scheduler = TestScheduler(initialClock: 3)
        let observer = scheduler.createObserver(Int.self)

        observer.onCompleted()
        observer.onNext(1)

        XCTAssertEqual(observer.events, [.completed(3), .next(3, 1)])
    }
}
