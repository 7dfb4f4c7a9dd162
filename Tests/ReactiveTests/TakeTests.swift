import Reactive
import ReactiveTesting
import XCTest

private struct TakeTestError: Error {}

final class TakeTests: XCTestCase {
    // MARK: take(_ count:)

    func testTakeCompletesAfterCount() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
        ])

        let res = scheduler.start { xs.take(2) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTakeMoreThanTheSourceHas() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start { xs.take(5) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testTakeZeroCompletesWithoutSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.take(0) }

        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testTakePassesTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TakeTestError())])

        let res = scheduler.start { xs.take(3) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TakeTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTakeErrorAfterCountIsNotSeen() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TakeTestError())])

        let res = scheduler.start { xs.take(1) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(210)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testTakeDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])

        let res = scheduler.start(disposed: 250) { xs.take(3) }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testTakeReentrantObserverCountsItsOwnValues() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var completions = 0
        _ = subject.take(3).subscribe(
            onNext: { value in
                received.append(value)
                subject.onNext(value + 1)
            }, onCompleted: { completions += 1 })
        subject.onNext(1)
        XCTAssertEqual(received, [1, 2, 3])
        XCTAssertEqual(completions, 1)
        XCTAssertFalse(subject.hasObservers)
    }

    // MARK: take(for:scheduler:)

    func testTakeForCompletesAtTheDeadline() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
        ])

        let res = scheduler.start { xs.take(for: .seconds(25), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(225)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
    }

    func testTakeForSourceCompletesFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])

        let res = scheduler.start { xs.take(for: .seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTakeForSourceErrorsFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TakeTestError())])

        let res = scheduler.start { xs.take(for: .seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TakeTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTakeForZeroCompletesOnTheNextTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.take(for: .seconds(0), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(201)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 201)])
    }

    func testTakeForDisposedBeforeTheDeadline() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])

        let res = scheduler.start(disposed: 230) { xs.take(for: .seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    // MARK: take(while:behavior:)

    func testTakeWhileExclusive() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 10), .next(240, 4), .completed(300),
        ])

        let res = scheduler.start { xs.take(while: { $0 < 5 }) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testTakeWhileInclusive() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 10), .next(230, 3), .completed(300)])

        let res = scheduler.start { xs.take(while: { $0 < 5 }, behavior: .inclusive) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 10), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTakeWhileSourceCompletesFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(250)])

        let res = scheduler.start { xs.take(while: { $0 < 5 }) }

        XCTAssertEqual(res.events, [.next(210, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testTakeWhileSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(250, TakeTestError())])

        let res = scheduler.start { xs.take(while: { $0 < 5 }) }

        XCTAssertEqual(res.events, [.next(210, 2), .error(250, TakeTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testTakeWhilePredicateThrowing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(300)])

        let res = scheduler.start {
            xs.take(while: { value in
                if value == 3 { throw TakeTestError() }
                return true
            })
        }

        XCTAssertEqual(res.events, [.next(210, 2), .error(220, TakeTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTakeWhileDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(260, 3), .completed(300)])

        let res = scheduler.start(disposed: 250) { xs.take(while: { _ in true }) }

        XCTAssertEqual(res.events, [.next(210, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    // MARK: take(until predicate:behavior:)

    func testTakeUntilPredicateExclusive() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 5), .next(230, 2), .completed(300)])

        let res = scheduler.start { xs.take(until: { $0 >= 5 }) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTakeUntilPredicateInclusive() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 5), .next(230, 2), .completed(300)])

        let res = scheduler.start { xs.take(until: { $0 >= 5 }, behavior: .inclusive) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 5), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testTakeUntilPredicateThrowing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 5), .completed(300)])

        let res = scheduler.start { xs.take(until: { _ -> Bool in throw TakeTestError() }) }

        XCTAssertEqual(res.events, [.error(210, TakeTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    // MARK: take(until other:)

    func testTakeUntilOtherFires() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        let other = scheduler.createHotObservable([.next(150, "x"), .next(225, "y"), .completed(250)])

        let res = scheduler.start { xs.take(until: other) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .completed(225)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 225)])
    }

    func testTakeUntilOtherErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(250)])
        let other = scheduler.createHotObservable([.error(215, TakeTestError(), String.self)])

        let res = scheduler.start { xs.take(until: other) }

        XCTAssertEqual(res.events, [.next(210, 2), .error(215, TakeTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 215)])
    }

    func testTakeUntilOtherCompletesWithoutFiring() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(250)])
        let other = scheduler.createHotObservable([.completed(215, String.self)])

        let res = scheduler.start { xs.take(until: other) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 215)])
    }

    func testTakeUntilSourceCompletesFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(220)])
        let other = scheduler.createHotObservable([.next(300, "x")])

        let res = scheduler.start { xs.take(until: other) }

        XCTAssertEqual(res.events, [.next(210, 2), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 220)])
    }

    func testTakeUntilSourceErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(220, TakeTestError())])
        let other = scheduler.createHotObservable([.next(300, "x")])

        let res = scheduler.start { xs.take(until: other) }

        XCTAssertEqual(res.events, [.next(210, 2), .error(220, TakeTestError())])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 220)])
    }

    func testTakeUntilOtherFiresAtOnceSoTheSourceIsNeverSubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(250)])

        let res = scheduler.start { xs.take(until: Observable.just("now")) }

        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 200)])
    }

    func testTakeUntilDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(260, 3), .completed(300)])
        let other = scheduler.createHotObservable([.next(280, "x")])

        let res = scheduler.start(disposed: 250) { xs.take(until: other) }

        XCTAssertEqual(res.events, [.next(210, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(other.subscriptions, [Subscription(200, 250)])
    }

    func testTakeUntilReentrantObserverFiresTheOther() {
        let source = PublishSubject<Int>()
        let stop = PublishSubject<Void>()
        var received: [Int] = []
        var completions = 0
        _ = source.take(until: stop).subscribe(
            onNext: { value in
                received.append(value)
                if value == 2 { stop.onNext(()) }
                source.onNext(value + 1)
            }, onCompleted: { completions += 1 })
        source.onNext(1)
        XCTAssertEqual(received, [1, 2])
        XCTAssertEqual(completions, 1)
        XCTAssertFalse(source.hasObservers)
        XCTAssertFalse(stop.hasObservers)
    }

    func testTakeWhileReentrantObserverStopsAtTheFailingValue() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var completions = 0
        _ = subject.take(while: { $0 < 3 }).subscribe(
            onNext: { value in
                received.append(value)
                subject.onNext(value + 1)
            }, onCompleted: { completions += 1 })
        subject.onNext(1)
        XCTAssertEqual(received, [1, 2])
        XCTAssertEqual(completions, 1)
        XCTAssertFalse(subject.hasObservers)
    }

    func testTakeForReentrantObserverDoesNotDeadlock() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        scheduler.scheduleAt(200) {
            _ = subject.take(for: .seconds(50), scheduler: scheduler).subscribe(onNext: { value in
                received.append(value)
                if value < 3 { subject.onNext(value + 1) }
            })
        }
        scheduler.scheduleAt(210) { subject.onNext(1) }
        scheduler.scheduleAt(260) { subject.onNext(10) }
        scheduler.start()
        XCTAssertEqual(received, [1, 2, 3])
        XCTAssertFalse(subject.hasObservers)
    }
}
