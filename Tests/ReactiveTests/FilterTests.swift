import Reactive
import ReactiveTesting
import XCTest

private struct FilterTestError: Error {}

final class FilterTests: XCTestCase {
    func testFilterPassesAcceptedValues() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(110, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(300),
        ])

        let res = scheduler.start { xs.filter { $0 % 2 == 0 } }

        XCTAssertEqual(res.events, [.next(210, 2), .next(230, 4), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testFilterPassesTheSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .error(230, FilterTestError())])

        let res = scheduler.start { xs.filter { $0 % 2 == 0 } }

        XCTAssertEqual(res.events, [.next(210, 2), .error(230, FilterTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testFilterThrowingEndsWithTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(230, 4), .completed(300)])

        let res = scheduler.start {
            xs.filter { value in
                if value == 3 { throw FilterTestError() }
                return true
            }
        }

        XCTAssertEqual(res.events, [.next(210, 2), .error(220, FilterTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testFilterDisposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(260, 4), .completed(300)])

        let res = scheduler.start(disposed: 250) { xs.filter { _ in true } }

        XCTAssertEqual(res.events, [.next(210, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testFilterReentrantObserver() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = subject.filter { $0 % 2 == 1 }.subscribe(onNext: { value in
            received.append(value)
            if value < 5 {
                subject.onNext(value + 1)
                subject.onNext(value + 2)
            }
        })
        subject.onNext(1)
        XCTAssertEqual(received, [1, 3, 5])
        subscription.dispose()
    }
}
