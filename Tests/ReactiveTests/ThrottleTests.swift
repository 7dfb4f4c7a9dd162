import Reactive
import ReactiveTesting
import XCTest

private enum ThrottleTestError: Error { case failed }

final class ThrottleTests: XCTestCase {
    func testLatestEmitsTheFirstValueAtOnceAndTheLastOneOfThePeriodAtItsEnd() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1),
            .next(210, 2),  // sent at once
            .next(215, 3), .next(220, 4),  // 4 replaces 3 and goes out when the period ends at 230
            .next(260, 5),  // the period is over: sent at once
            .completed(300),
        ])

        let res = scheduler.start { xs.throttle(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(230, 4), .next(260, 5), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testWithoutLatestDropsValuesInsideThePeriod() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 2), .next(215, 3), .next(220, 4), .next(230, 5), .next(260, 6), .completed(300),
        ])

        let res = scheduler.start { xs.throttle(.seconds(20), latest: false, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(230, 5), .next(260, 6), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testCompletionWaitsForThePendingValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(215, 3), .completed(220)])

        let res = scheduler.start { xs.throttle(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(230, 3), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testErrorGoesOutAtOnceAndDropsThePendingValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(215, 3), .error(220, ThrottleTestError.failed)])

        let res = scheduler.start { xs.throttle(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .error(220, ThrottleTestError.failed)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDisposalCancelsThePendingValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(215, 3)])

        let res = scheduler.start(disposed: 225) { xs.throttle(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 225)])
    }

    func testEmptyCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(300)])

        let res = scheduler.start { xs.throttle(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(300)])
    }
}
