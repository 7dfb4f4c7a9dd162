import Reactive
import ReactiveTesting
import XCTest

private struct ElementAtTestError: Error {}

final class ElementAtTests: XCTestCase {
    func testElementAtFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start { xs.element(at: 0) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(210)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testElementAtLater() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])

        let res = scheduler.start { xs.element(at: 2) }

        XCTAssertEqual(res.events, [.next(230, 3), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testElementAtBeyondTheEndIsArgumentOutOfRange() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start { xs.element(at: 2) }

        XCTAssertEqual(res.events, [.error(300, RxError.argumentOutOfRange)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testElementAtError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, ElementAtTestError())])

        let res = scheduler.start { xs.element(at: 3) }

        XCTAssertEqual(res.events, [.error(220, ElementAtTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testElementAtDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])

        let res = scheduler.start(disposed: 250) { xs.element(at: 1) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testElementAtReentrantObserverGetsOneValue() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var completions = 0
        _ = subject.element(at: 1).subscribe(
            onNext: { value in
                received.append(value)
                subject.onNext(value + 1)
            }, onCompleted: { completions += 1 })
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(received, [2])
        XCTAssertEqual(completions, 1)
        XCTAssertFalse(subject.hasObservers)
    }
}
