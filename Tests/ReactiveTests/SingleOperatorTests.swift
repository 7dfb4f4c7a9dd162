import Reactive
import ReactiveTesting
import XCTest

private struct SingleOperatorTestError: Error {}

final class SingleOperatorTests: XCTestCase {
    func testSingleOneValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .completed(250)])

        let res = scheduler.start { xs.single() }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testSingleEmptyIsNoElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(250, Int.self)])

        let res = scheduler.start { xs.single() }

        XCTAssertEqual(res.events, [.error(250, RxError.noElements)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testSingleTwoValuesIsMoreThanOneElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start { xs.single() }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, RxError.moreThanOneElement)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testSingleError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, SingleOperatorTestError())])

        let res = scheduler.start { xs.single() }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, SingleOperatorTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testSingleDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])

        let res = scheduler.start(disposed: 250) { xs.single() }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testSinglePredicateOneMatch() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])

        let res = scheduler.start { xs.single { $0 % 2 == 0 } }

        XCTAssertEqual(res.events, [.next(220, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testSinglePredicateNoMatch() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(250)])

        let res = scheduler.start { xs.single { $0 % 2 == 0 } }

        XCTAssertEqual(res.events, [.error(250, RxError.noElements)])
    }

    func testSinglePredicateTwoMatches() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(230, 4), .completed(250)])

        let res = scheduler.start { xs.single { $0 % 2 == 0 } }

        XCTAssertEqual(res.events, [.next(210, 2), .error(230, RxError.moreThanOneElement)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testSinglePredicateThrowing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start {
            xs.single { value in
                if value == 2 { throw SingleOperatorTestError() }
                return true
            }
        }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, SingleOperatorTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testSingleReentrantSecondValueFails() {
        let subject = PublishSubject<Int>()
        var events: [String] = []
        _ = subject.single().subscribe(
            onNext: { value in
                events.append("next \(value)")
                subject.onNext(value + 1)
            }, onError: { error in events.append("error \(error)") })
        subject.onNext(1)
        XCTAssertEqual(events, ["next 1", "error \(RxError.moreThanOneElement)"])
        XCTAssertFalse(subject.hasObservers)
    }
}
