import Reactive
import ReactiveTesting
import XCTest

private struct MapTestError: Error {}

final class MapTests: XCTestCase {
    func testMapTransformsValues() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .completed(300),
        ])

        let res = scheduler.start { xs.map { $0 * 2 } }

        XCTAssertEqual(res.events, [.next(210, 4), .next(220, 6), .next(230, 8), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testMapChangesTheType() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 22), .completed(300)])

        let res = scheduler.start { xs.map { String($0) } }

        XCTAssertEqual(res.events, [.next(210, "1"), .next(220, "22"), .completed(300)])
    }

    func testMapPassesTheSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, MapTestError()), .next(230, 3)])

        let res = scheduler.start { xs.map { $0 + 1 } }

        XCTAssertEqual(res.events, [.next(210, 2), .error(220, MapTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testMapThrowingEndsWithTheErrorAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])

        let res = scheduler.start {
            xs.map { value -> Int in
                if value == 2 { throw MapTestError() }
                return value
            }
        }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, MapTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testMapDisposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(290, 2), .completed(300)])

        let res = scheduler.start(disposed: 250) { xs.map { $0 } }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testMapNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>]())

        let res = scheduler.start { xs.map { $0 } }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testMapEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(250, Int.self)])

        let res = scheduler.start { xs.map { $0 } }

        XCTAssertEqual(res.events, [.completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testMapReentrantObserverSeesItsOwnValues() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = subject.map { $0 * 10 }.subscribe(onNext: { value in
            received.append(value)
            if value < 30 { subject.onNext(value / 10 + 1) }
        })
        subject.onNext(1)
        XCTAssertEqual(received, [10, 20, 30])
        subscription.dispose()
    }
}
