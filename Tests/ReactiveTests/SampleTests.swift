import Reactive
import ReactiveTesting
import XCTest

private enum SampleTestError: Error {
    case boom
}

final class SampleTests: XCTestCase {
    func testEmitsTheLatestNewValueOnEachTickAndCompletesOnTheTickAfterTheSourceEnds() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(220, 2), .next(240, 3), .next(290, 4), .next(300, 5), .next(310, 6), .completed(400),
        ])
        let ys = scheduler.createHotObservable([
            .next(150, ""), .next(210, "bar"), .next(250, "foo"), .next(260, "qux"), .next(320, "baz"), .completed(500),
        ])

        let res = scheduler.start { xs.sample(ys) }

        XCTAssertEqual(res.events, [.next(250, 3), .next(320, 6), .completed(500)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 500)])
    }

    func testSamplerCompletionSamplesTheLastValueButDoesNotComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 1)])
        let ys = scheduler.createHotObservable([.next(150, ""), .completed(230)])

        let res = scheduler.start { xs.sample(ys) }

        XCTAssertEqual(res.events, [.next(230, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
        // The sampler's own subscription ends with its completion (the test observable's wrapper disposes it).
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 230)])
    }

    func testTickAfterSourceCompletedSendsLastValueThenCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 1), .completed(230)])
        let ys = scheduler.createHotObservable([.next(240, "x"), .next(250, "y")])

        let res = scheduler.start { xs.sample(ys) }

        XCTAssertEqual(res.events, [.next(240, 1), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 240)])
    }

    func testDefaultValueIsSentOnTicksWithoutANewValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 1), .completed(600)])
        let ys = scheduler.createHotObservable([.next(210, "a"), .next(230, "b"), .next(240, "c"), .completed(300)])

        let res = scheduler.start { xs.sample(ys, defaultValue: 0) }

        XCTAssertEqual(res.events, [.next(210, 0), .next(230, 1), .next(240, 0), .next(300, 0)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 600)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 300)])
    }

    func testSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 1), .error(230, SampleTestError.boom)])
        let ys = scheduler.createHotObservable([.next(225, "a"), .next(240, "b")])

        let res = scheduler.start { xs.sample(ys) }

        XCTAssertEqual(res.events, [.next(225, 1), .error(230, SampleTestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 230)])
    }

    func testSamplerError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 1), .completed(400)])
        let ys = scheduler.createHotObservable([Recorded<Event<String>>.error(230, SampleTestError.boom)])

        let res = scheduler.start { xs.sample(ys) }

        XCTAssertEqual(res.events, [.error(230, SampleTestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 230)])
    }

    func testDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 1), .next(240, 2), .completed(400)])
        let ys = scheduler.createHotObservable([.next(230, "a"), .next(250, "b"), .completed(500)])

        let res = scheduler.start(disposed: 245) { xs.sample(ys) }

        XCTAssertEqual(res.events, [.next(230, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 245)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 245)])
    }

    func testObserverFeedingTheSourceAndTheSamplerIsDeliveredInOrder() {
        let source = PublishSubject<Int>()
        let sampler = PublishSubject<Void>()
        var received: [Int] = []
        let subscription = source.sample(sampler).subscribe(onNext: { value in
            received.append(value)
            if value == 1 {
                source.onNext(2)
                sampler.onNext(())
            }
        })

        source.onNext(1)
        sampler.onNext(())
        subscription.dispose()

        XCTAssertEqual(received, [1, 2])
    }
}
