import Reactive
import ReactiveTesting
import XCTest

private struct ToArrayTestError: Error {}

final class ToArrayTests: XCTestCase {
    func testToArrayCollectsEveryValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(250)])

        let res = scheduler.start { xs.toArray() }

        XCTAssertEqual(res.events, [.next(250, [2, 3]), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testToArrayEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(250, Int.self)])

        let res = scheduler.start { xs.toArray() }

        XCTAssertEqual(res.events, [.next(250, []), .completed(250)])
    }

    func testToArrayError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, ToArrayTestError())])

        let res = scheduler.start { xs.toArray() }

        XCTAssertEqual(res.events, [.error(220, ToArrayTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testToArrayNeverAndDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])

        let res = scheduler.start(disposed: 300) { xs.toArray() }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testToArrayEachSubscriptionHasItsOwnArray() {
        let source = Observable.of(1, 2).toArray()
        var results: [[Int]] = []
        _ = source.subscribe(onSuccess: { results.append($0) })
        _ = source.subscribe(onSuccess: { results.append($0) })
        XCTAssertEqual(results, [[1, 2], [1, 2]])
    }
}
