import Reactive
import ReactiveTesting
import XCTest

private struct TakeLastTestError: Error {}

final class TakeLastTests: XCTestCase {
    func testTakeLastSendsTheLastValuesAtCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
        ])

        let res = scheduler.start { xs.takeLast(2) }

        XCTAssertEqual(res.events, [.next(300, 3), .next(300, 4), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testTakeLastFewerThanCount() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start { xs.takeLast(5) }

        XCTAssertEqual(res.events, [.next(300, 1), .next(300, 2), .completed(300)])
    }

    func testTakeLastWrapsAroundItsBufferInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .completed(300),
        ])

        let res = scheduler.start { xs.takeLast(3) }

        XCTAssertEqual(res.events, [.next(300, 3), .next(300, 4), .next(300, 5), .completed(300)])
    }

    func testTakeLastZero() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.takeLast(0) }

        XCTAssertEqual(res.events, [.completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testTakeLastErrorDropsTheBuffer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(300, TakeLastTestError())])

        let res = scheduler.start { xs.takeLast(2) }

        XCTAssertEqual(res.events, [.error(300, TakeLastTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testTakeLastDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start(disposed: 250) { xs.takeLast(1) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testTakeLastEachSubscriptionHasItsOwnBuffer() {
        let source = Observable.of(1, 2, 3).takeLast(2)
        var values: [Int] = []
        _ = source.subscribe(onNext: { values.append($0) })
        _ = source.subscribe(onNext: { values.append($0) })
        XCTAssertEqual(values, [2, 3, 2, 3])
    }
}
