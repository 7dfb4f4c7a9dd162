import Reactive
import ReactiveTesting
import XCTest

private struct MaterializeTestError: Error {}

final class MaterializeTests: XCTestCase {
    // MARK: materialize

    func testMaterializeValuesAndCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(250)])

        let res = scheduler.start { xs.materialize() }

        XCTAssertEqual(
            res.events,
            [
                .next(210, Event.next(2)), .next(220, Event.next(3)), .next(250, Event<Int>.completed), .completed(250),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testMaterializeErrorBecomesAValueThenCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(220, MaterializeTestError())])

        let res = scheduler.start { xs.materialize() }

        XCTAssertEqual(
            res.events,
            [
                .next(210, Event.next(2)), .next(220, Event<Int>.error(MaterializeTestError())), .completed(220),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testMaterializeDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(260, 3)])

        let res = scheduler.start(disposed: 250) { xs.materialize() }

        XCTAssertEqual(res.events, [.next(210, Event.next(2))])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    // MARK: dematerialize

    func testDematerializeValuesAndCompletionEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Event.next(1)), .next(220, Event.next(2)), .next(230, Event<Int>.completed),
            .next(240, Event.next(3)), .completed(300),
        ])

        let res = scheduler.start { xs.dematerialize() }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testDematerializeErrorEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Event.next(1)), .next(220, Event<Int>.error(MaterializeTestError())), .completed(300),
        ])

        let res = scheduler.start { xs.dematerialize() }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, MaterializeTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDematerializeSourceCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Event.next(1)), .completed(250)])

        let res = scheduler.start { xs.dematerialize() }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(250)])
    }

    func testDematerializeSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Event.next(1)), .error(250, MaterializeTestError())])

        let res = scheduler.start { xs.dematerialize() }

        XCTAssertEqual(res.events, [.next(210, 1), .error(250, MaterializeTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDematerializeDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Event.next(1)), .next(260, Event.next(2))])

        let res = scheduler.start(disposed: 250) { xs.dematerialize() }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testMaterializeThenDematerializeRoundTrips() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, MaterializeTestError())])

        let res = scheduler.start { xs.materialize().dematerialize() }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .error(230, MaterializeTestError())])
    }
}
