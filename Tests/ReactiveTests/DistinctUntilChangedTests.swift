import Reactive
import ReactiveTesting
import XCTest

private struct DistinctUntilChangedTestError: Error {}

private struct Point {
    let x: Int
    let y: Int
}

final class DistinctUntilChangedTests: XCTestCase {
    func testDropsConsecutiveDuplicates() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(215, 3), .next(220, 3), .next(225, 2), .next(230, 2),
            .next(235, 1), .next(240, 1), .completed(250),
        ])

        let res = scheduler.start { xs.distinctUntilChanged() }

        XCTAssertEqual(res.events, [.next(210, 2), .next(215, 3), .next(225, 2), .next(235, 1), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testFirstValueAlwaysPasses() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 5), .completed(250)])

        let res = scheduler.start { xs.distinctUntilChanged() }

        XCTAssertEqual(res.events, [.next(210, 5), .completed(250)])
    }

    func testOptionalNilValuesAreComparedToo() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Int?.none), .next(220, Int?.none), .next(230, 1), .next(240, Int?.none), .completed(250),
        ])

        let res = scheduler.start { xs.distinctUntilChanged() }

        XCTAssertEqual(res.events, [.next(210, nil), .next(230, 1), .next(240, nil), .completed(250)])
    }

    func testKeySelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, "a1"), .next(220, "a2"), .next(230, "b1"), .next(240, "a3"), .completed(250),
        ])

        let res = scheduler.start { xs.distinctUntilChanged { $0.first! } }

        XCTAssertEqual(res.events, [.next(210, "a1"), .next(230, "b1"), .next(240, "a3"), .completed(250)])
    }

    func testKeySelectorThrowing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start {
            xs.distinctUntilChanged { value -> Int in
                if value == 2 { throw DistinctUntilChangedTestError() }
                return value
            }
        }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, DistinctUntilChangedTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testComparer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 3), .next(230, 2), .next(240, 4), .completed(250),
        ])

        // Equal when both are odd or both are even.
        let res = scheduler.start { xs.distinctUntilChanged { $0 % 2 == $1 % 2 } }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .completed(250)])
    }

    func testComparerComparesWithTheLastValuePassedOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 0), .next(220, 1), .next(230, 2), .next(240, 3), .completed(250),
        ])

        // "Equal" when less than 2 apart: 1 is compared with 0, then 2 with 0 (not with 1).
        let res = scheduler.start { xs.distinctUntilChanged { abs($0 - $1) < 2 } }

        XCTAssertEqual(res.events, [.next(210, 0), .next(230, 2), .completed(250)])
    }

    func testComparerThrowing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start { xs.distinctUntilChanged { (_: Int, _: Int) -> Bool in throw DistinctUntilChangedTestError() } }

        // The first value is passed on without calling the comparer.
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, DistinctUntilChangedTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testKeySelectorAndComparer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, "apple"), .next(220, "APRICOT"), .next(230, "banana"), .completed(250),
        ])

        let res = scheduler.start {
            xs.distinctUntilChanged({ String($0.prefix(2)) }, comparer: { $0.lowercased() == $1.lowercased() })
        }

        XCTAssertEqual(res.events, [.next(210, "apple"), .next(230, "banana"), .completed(250)])
    }

    func testKeyPath() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Point(x: 1, y: 1)), .next(220, Point(x: 1, y: 2)), .next(230, Point(x: 2, y: 2)),
            .completed(250),
        ])

        let res = scheduler.start { xs.distinctUntilChanged(at: \.x).map { "\($0.x),\($0.y)" } }

        XCTAssertEqual(res.events, [.next(210, "1,1"), .next(230, "2,2"), .completed(250)])
    }

    func testError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 1), .error(230, DistinctUntilChangedTestError())])

        let res = scheduler.start { xs.distinctUntilChanged() }

        XCTAssertEqual(res.events, [.next(210, 1), .error(230, DistinctUntilChangedTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])

        let res = scheduler.start(disposed: 250) { xs.distinctUntilChanged() }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testReentrantObserverDuplicatesAreDropped() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = subject.distinctUntilChanged().subscribe(onNext: { value in
            received.append(value)
            if value < 3 {
                subject.onNext(value)
                subject.onNext(value + 1)
            }
        })
        subject.onNext(1)
        XCTAssertEqual(received, [1, 2, 3])
        subscription.dispose()
    }
}
