import Reactive
import ReactiveTesting
import XCTest

private enum BufferTestError: Error { case failed }

final class BufferTests: XCTestCase {
    private func makeSource(_ scheduler: TestScheduler, end: Recorded<Event<Int>>) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5),
            .next(350, 6), .next(370, 7), .next(420, 8), .next(470, 9), end,
        ])
    }

    func testEmitsWhenFullOrWhenTheTimeSpanEnds() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(600))

        let res = scheduler.start { xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }

        XCTAssertEqual(
            res.events,
            [
                .next(240, [1, 2, 3]),  // full
                .next(310, [4]),  // 70 after the previous one
                .next(370, [5, 6, 7]),
                .next(440, [8]),
                .next(510, [9]),
                .next(580, []),  // an empty span still emits
                .next(600, []),  // completion emits what is left
                .completed(600),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 600)])
    }

    func testErrorDropsTheCurrentBuffer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .error(600, BufferTestError.failed))

        let res = scheduler.start { xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }

        XCTAssertEqual(
            res.events,
            [
                .next(240, [1, 2, 3]), .next(310, [4]), .next(370, [5, 6, 7]), .next(440, [8]), .next(510, [9]),
                .next(580, []), .error(600, BufferTestError.failed),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 600)])
    }

    func testDisposalStopsTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(600))

        let res = scheduler.start(disposed: 370) { xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(240, [1, 2, 3]), .next(310, [4]), .next(370, [5, 6, 7])])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 370)])
    }

    func testTimeSpanOnlyWhenTheCountIsNeverReached() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(260, 3), .completed(290)])

        let res = scheduler.start { xs.buffer(timeSpan: .seconds(50), count: 100, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(250, [1, 2]), .next(290, [3]), .completed(290)])
    }
}
