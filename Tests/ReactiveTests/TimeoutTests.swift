import Reactive
import ReactiveTesting
import XCTest

private enum TimeoutTestError: Error { case failed }

final class TimeoutTests: XCTestCase {
    func testFailsWithTimeoutWhenAValueIsLate() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(225, 3), .next(260, 4), .completed(300),
        ])

        let res = scheduler.start { xs.timeout(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(225, 3), .error(245, RxError.timeout)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 245)])
    }

    func testFailsWhenTheFirstValueIsLate() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>]())

        let res = scheduler.start { xs.timeout(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.error(220, RxError.timeout)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testPassesEverythingThroughWhenInTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(225, 3), .completed(240)])

        let res = scheduler.start { xs.timeout(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(225, 3), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testAnErrorInTimeIsPassedOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(225, TimeoutTestError.failed)])

        let res = scheduler.start { xs.timeout(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .error(225, TimeoutTestError.failed)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
    }

    func testSwitchesToTheOtherSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(225, 3), .next(260, 4), .completed(300)])
        let ys = scheduler.createColdObservable([.next(5, 100), .next(10, 101), .completed(15)])

        let res = scheduler.start { xs.timeout(.seconds(20), other: ys, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(225, 3), .next(250, 100), .next(255, 101), .completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 245)])
        XCTAssertEqual(ys.subscriptions, [Subscription(245, 260)])
    }

    func testTheOtherSequencesErrorIsPassedOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>]())
        let ys = scheduler.createColdObservable([.next(5, 100), .error(10, TimeoutTestError.failed)])

        let res = scheduler.start { xs.timeout(.seconds(20), other: ys, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(225, 100), .error(230, TimeoutTestError.failed)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(220, 230)])
    }

    func testDisposalEndsTheOtherSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>]())
        let ys = scheduler.createColdObservable([.next(5, 100), .next(50, 101)])

        let res = scheduler.start(disposed: 250) { xs.timeout(.seconds(20), other: ys, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(225, 100)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(220, 250)])
    }
}
