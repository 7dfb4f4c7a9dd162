import Reactive
import ReactiveTesting
import XCTest

private struct CompactMapTestError: Error {}

final class CompactMapTests: XCTestCase {
    func testCompactMapDropsNils() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, "0"), .next(210, "1"), .next(220, "x"), .next(230, "3"), .completed(300),
        ])

        let res = scheduler.start { xs.compactMap { Int($0) } }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 3), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testCompactMapPassesTheSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, CompactMapTestError())])

        let res = scheduler.start { xs.compactMap { $0 } }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, CompactMapTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testCompactMapThrowing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])

        let res = scheduler.start {
            xs.compactMap { value -> Int? in
                if value == 2 { throw CompactMapTestError() }
                return value
            }
        }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, CompactMapTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testCompactMapDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])

        let res = scheduler.start(disposed: 250) { xs.compactMap { $0 } }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testCompactMapReentrant() {
        let subject = PublishSubject<Int?>()
        var received: [Int] = []
        let subscription = subject.compactMap { $0 }.subscribe(onNext: { value in
            received.append(value)
            if value < 3 {
                subject.onNext(nil)
                subject.onNext(value + 1)
            }
        })
        subject.onNext(1)
        XCTAssertEqual(received, [1, 2, 3])
        subscription.dispose()
    }
}
