import Reactive
import ReactiveTesting
import XCTest

private struct SkipTestError: Error {}

final class SkipTests: XCTestCase {
    // MARK: skip(_ count:)

    func testSkipDropsTheFirstValues() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300),
        ])

        let res = scheduler.start { xs.skip(2) }

        XCTAssertEqual(res.events, [.next(230, 3), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testSkipZero() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.skip(0) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(300)])
    }

    func testSkipMoreThanTheSourceHas() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.skip(5) }

        XCTAssertEqual(res.events, [.completed(300)])
    }

    func testSkipError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, SkipTestError())])

        let res = scheduler.start { xs.skip(1) }

        XCTAssertEqual(res.events, [.next(220, 2), .error(230, SkipTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testSkipDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(260, 3)])

        let res = scheduler.start(disposed: 250) { xs.skip(1) }

        XCTAssertEqual(res.events, [.next(220, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testSkipReentrant() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = subject.skip(2).subscribe(onNext: { value in
            received.append(value)
            if value < 5 { subject.onNext(value + 1) }
        })
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        XCTAssertEqual(received, [3, 4, 5])
        subscription.dispose()
    }

    // MARK: skip(_ duration:scheduler:)

    func testSkipTimeDropsValuesBeforeTheDeadline() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
        ])

        let res = scheduler.start { xs.skip(.seconds(25), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(230, 3), .next(240, 4), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testSkipTimeZero() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.skip(.seconds(0), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(300)])
    }

    func testSkipTimeCompletesBeforeTheDeadline() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])

        let res = scheduler.start { xs.skip(.seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testSkipTimeErrorBeforeTheDeadline() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, SkipTestError())])

        let res = scheduler.start { xs.skip(.seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.error(220, SkipTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testSkipTimeDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(260, 3)])

        let res = scheduler.start(disposed: 250) { xs.skip(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(240, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    // MARK: skip(while:)

    func testSkipWhileDropsUntilThePredicateFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 10), .next(240, 1), .completed(300),
        ])

        let res = scheduler.start { xs.skip(while: { $0 < 5 }) }

        XCTAssertEqual(res.events, [.next(230, 10), .next(240, 1), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testSkipWhileNeverFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(300)])

        let res = scheduler.start { xs.skip(while: { _ in true }) }

        XCTAssertEqual(res.events, [.completed(300)])
    }

    func testSkipWhileError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 10), .error(230, SkipTestError())])

        let res = scheduler.start { xs.skip(while: { $0 < 5 }) }

        XCTAssertEqual(res.events, [.next(220, 10), .error(230, SkipTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testSkipWhilePredicateThrowing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(300)])

        let res = scheduler.start {
            xs.skip(while: { value in
                if value == 3 { throw SkipTestError() }
                return true
            })
        }

        XCTAssertEqual(res.events, [.error(220, SkipTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testSkipWhilePredicateIsNotCalledOnceOpen() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 10), .next(220, 1), .next(230, 2), .completed(300)])
        var calls = 0

        let res = scheduler.start {
            xs.skip(while: { value in
                calls += 1
                return value < 5
            })
        }

        XCTAssertEqual(res.events, [.next(210, 10), .next(220, 1), .next(230, 2), .completed(300)])
        XCTAssertEqual(calls, 1)
    }

    func testSkipWhileDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 10), .next(260, 1)])

        let res = scheduler.start(disposed: 250) { xs.skip(while: { $0 < 5 }) }

        XCTAssertEqual(res.events, [.next(210, 10)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    // MARK: skip(until:)

    func testSkipUntilPassesValuesAfterTheOtherFires() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        let other = scheduler.createHotObservable([.next(150, "x"), .next(225, "y"), .next(235, "z"), .completed(250)])

        let res = scheduler.start { xs.skip(until: other) }

        XCTAssertEqual(res.events, [.next(230, 4), .next(240, 5), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 225)])
    }

    func testSkipUntilOtherErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(250)])
        let other = scheduler.createHotObservable([.error(225, SkipTestError(), String.self)])

        let res = scheduler.start { xs.skip(until: other) }

        XCTAssertEqual(res.events, [.error(225, SkipTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 225)])
    }

    func testSkipUntilSourceErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(220, SkipTestError())])
        let other = scheduler.createHotObservable([.next(300, "x")])

        let res = scheduler.start { xs.skip(until: other) }

        XCTAssertEqual(res.events, [.error(220, SkipTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 220)])
    }

    func testSkipUntilSourceCompletesBeforeTheOtherFiresSendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(220)])
        let other = scheduler.createHotObservable([.next(300, "x")])

        let res = scheduler.start { xs.skip(until: other) }

        // As RxSwift: the subscription ends, but no completion is sent.
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 220)])
    }

    func testSkipUntilOtherCompletesWithoutFiring() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(230, 3)])
        let other = scheduler.createHotObservable([.completed(220, String.self)])

        let res = scheduler.start { xs.skip(until: other) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 220)])
    }

    func testSkipUntilOtherFiresAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(250)])

        let res = scheduler.start { xs.skip(until: Observable.just("now")) }

        XCTAssertEqual(res.events, [.next(210, 2), .completed(250)])
    }

    func testSkipUntilDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(260, 3)])
        let other = scheduler.createHotObservable([.next(280, "x")])

        let res = scheduler.start(disposed: 250) { xs.skip(until: other) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 250)])
    }

    func testSkipUntilReentrantObserverSendsIntoTheSource() {
        let source = PublishSubject<Int>()
        let start = PublishSubject<Void>()
        var received: [Int] = []
        let subscription = source.skip(until: start).subscribe(onNext: { value in
            received.append(value)
            if value < 3 { source.onNext(value + 1) }
        })
        source.onNext(0)
        start.onNext(())
        source.onNext(1)
        XCTAssertEqual(received, [1, 2, 3])
        XCTAssertFalse(start.hasObservers)
        subscription.dispose()
    }
}
