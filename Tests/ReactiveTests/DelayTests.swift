import Reactive
import ReactiveTesting
import XCTest

private enum DelayTestError: Error { case failed }

final class DelayTests: XCTestCase {
    func testShiftsValuesAndCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(250, 2), .next(350, 3), .next(450, 4), .completed(550),
        ])

        let res = scheduler.start { xs.delay(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(350, 2), .next(450, 3), .next(550, 4), .completed(650)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 550)])
    }

    func testEventsCloserThanTheDelayKeepTheirSpacing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])

        let res = scheduler.start { xs.delay(.seconds(50), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(260, 1), .next(270, 2), .completed(280)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testErrorGoesOutAtOnceAndDropsQueuedValues() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .error(300, DelayTestError.failed)])

        let res = scheduler.start { xs.delay(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.error(300, DelayTestError.failed)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testErrorAfterSomeValuesWentOut() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(290, 2), .error(330, DelayTestError.failed)])

        let res = scheduler.start { xs.delay(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(310, 1), .error(330, DelayTestError.failed)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 330)])
    }

    func testDisposalCancelsWhatIsQueued() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])

        let res = scheduler.start(disposed: 350) { xs.delay(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(310, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testEmptyCompletesAfterTheDelay() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(300)])

        let res = scheduler.start { xs.delay(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(400)])
    }
}
