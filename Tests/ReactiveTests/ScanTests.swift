import Reactive
import ReactiveTesting
import XCTest

private struct ScanTestError: Error {}

final class ScanTests: XCTestCase {
    func testScanSendsEachIntermediateResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .completed(300),
        ])

        let res = scheduler.start { xs.scan(10) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(210, 12), .next(220, 15), .next(230, 19), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testScanIntoMutatesInPlace() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start { xs.scan(into: [Int]()) { $0.append($1) }.map { $0.count } }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(300)])
    }

    func testScanEmptySendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(250, Int.self)])

        let res = scheduler.start { xs.scan(42) { $0 + $1 } }

        XCTAssertEqual(res.events, [.completed(250)])
    }

    func testScanPassesTheSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, ScanTestError())])

        let res = scheduler.start { xs.scan(0) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, ScanTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testScanThrowingEndsWithTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])

        let res = scheduler.start {
            xs.scan(0) { accumulated, value in
                if value == 2 { throw ScanTestError() }
                return accumulated + value
            }
        }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, ScanTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testScanIntoThrowingEndsWithTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start {
            xs.scan(into: 0) { accumulated, value in
                if value == 2 { throw ScanTestError() }
                accumulated += value
            }
        }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, ScanTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testScanDisposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])

        let res = scheduler.start(disposed: 250) { xs.scan(0) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testScanEachSubscriptionStartsFromTheSeed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let scanned = xs.scan(0) { $0 + $1 }

        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = scanned.subscribe(first) }
        scheduler.scheduleAt(300) { _ = scanned.subscribe(second) }
        scheduler.start()

        XCTAssertEqual(first.events, [.next(210, 1), .next(220, 3), .completed(230)])
        XCTAssertEqual(second.events, [.next(310, 1), .next(320, 3), .completed(330)])
    }
}
