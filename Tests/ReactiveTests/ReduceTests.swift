import Reactive
import ReactiveTesting
import XCTest

private struct ReduceTestError: Error {}

final class ReduceTests: XCTestCase {
    func testReduceSendsTheResultAtCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 0), .next(220, 1), .next(230, 2), .next(240, 3), .completed(250),
        ])

        let res = scheduler.start { xs.reduce(42, accumulator: +) }

        XCTAssertEqual(res.events, [.next(250, 48), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testReduceEmptySendsTheSeed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])

        let res = scheduler.start { xs.reduce(42, accumulator: +) }

        XCTAssertEqual(res.events, [.next(250, 42), .completed(250)])
    }

    func testReduceWithMapResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start { xs.reduce(0, accumulator: +, mapResult: { "sum \($0)" }) }

        XCTAssertEqual(res.events, [.next(250, "sum 3"), .completed(250)])
    }

    func testReduceInto() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .next(230, "a"), .completed(250)])

        let res = scheduler.start { xs.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }.map { $0["a"] ?? 0 } }

        XCTAssertEqual(res.events, [.next(250, 2), .completed(250)])
    }

    func testReducePassesTheSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, ReduceTestError())])

        let res = scheduler.start { xs.reduce(0, accumulator: +) }

        XCTAssertEqual(res.events, [.error(220, ReduceTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testReduceNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])

        let res = scheduler.start { xs.reduce(0, accumulator: +) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testReduceAccumulatorThrowing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])

        let res = scheduler.start {
            xs.reduce(0) { accumulated, value in
                if value == 2 { throw ReduceTestError() }
                return accumulated + value
            }
        }

        XCTAssertEqual(res.events, [.error(220, ReduceTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testReduceIntoAccumulatorThrowing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start {
            xs.reduce(into: 0) { _, value in
                if value == 2 { throw ReduceTestError() }
            }
        }

        XCTAssertEqual(res.events, [.error(220, ReduceTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testReduceMapResultThrowing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])

        let res = scheduler.start { xs.reduce(0, accumulator: +, mapResult: { _ -> Int in throw ReduceTestError() }) }

        XCTAssertEqual(res.events, [.error(250, ReduceTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testReduceDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start(disposed: 250) { xs.reduce(0, accumulator: +) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testReduceEachSubscriptionStartsFromTheSeed() {
        let source = Observable.of(1, 2, 3).reduce(into: [Int]()) { $0.append($1) }
        var results: [[Int]] = []
        _ = source.subscribe(onNext: { results.append($0) })
        _ = source.subscribe(onNext: { results.append($0) })
        XCTAssertEqual(results, [[1, 2, 3], [1, 2, 3]])
    }
}
