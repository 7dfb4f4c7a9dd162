import Reactive
import ReactiveTesting
import XCTest

private enum DebounceTestError: Error { case failed }

final class DebounceTests: XCTestCase {
    func testEmitsAValueOnlyAfterAQuietPeriodAndFlushesOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1),
            .next(210, 2), .next(225, 3),  // 2 is superseded before its period ends
            .next(280, 4),
            .next(310, 5), .next(315, 6),
            .next(400, 7), .completed(410),  // completion flushes the pending 7 at once
        ])

        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(245, 3), .next(300, 4), .next(335, 6), .next(410, 7), .completed(410)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 410)])
    }

    func testErrorDropsThePendingValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(220, DebounceTestError.failed)])

        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.error(220, DebounceTestError.failed)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testEmptyCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(300)])

        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testDisposalCancelsThePendingValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(240, 3)])

        let res = scheduler.start(disposed: 250) { xs.debounce(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(230, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testNeverSendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>]())

        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }
}
