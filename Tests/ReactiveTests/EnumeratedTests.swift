import Reactive
import ReactiveTesting
import XCTest

private struct EnumeratedTestError: Error {}

final class EnumeratedTests: XCTestCase {
    func testEnumeratedCountsFromZero() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, "x"), .next(210, "a"), .next(220, "b"), .next(230, "c"), .completed(250),
        ])

        let res = scheduler.start { xs.enumerated().map { "\($0.index):\($0.element)" } }

        XCTAssertEqual(res.events, [.next(210, "0:a"), .next(220, "1:b"), .next(230, "2:c"), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testEnumeratedError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .error(220, EnumeratedTestError())])

        let res = scheduler.start { xs.enumerated().map { $0.index } }

        XCTAssertEqual(res.events, [.next(210, 0), .error(220, EnumeratedTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testEnumeratedDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(260, "b")])

        let res = scheduler.start(disposed: 250) { xs.enumerated().map { $0.index } }

        XCTAssertEqual(res.events, [.next(210, 0)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testEnumeratedEachSubscriptionCountsAgain() {
        let source = Observable.of("a", "b").enumerated().map { $0.index }
        var values: [Int] = []
        _ = source.subscribe(onNext: { values.append($0) })
        _ = source.subscribe(onNext: { values.append($0) })
        XCTAssertEqual(values, [0, 1, 0, 1])
    }

    func testEnumeratedReentrant() {
        let subject = PublishSubject<String>()
        var received: [String] = []
        let subscription = subject.enumerated().subscribe(onNext: { pair in
            received.append("\(pair.index):\(pair.element)")
            if pair.index == 0 { subject.onNext("inner") }
        })
        subject.onNext("outer")
        subject.onNext("last")
        XCTAssertEqual(received, ["0:outer", "1:inner", "2:last"])
        subscription.dispose()
    }
}
