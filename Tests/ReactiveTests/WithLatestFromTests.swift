import Reactive
import ReactiveTesting
import XCTest

private enum WithLatestFromTestError: Error {
    case boom
}

final class WithLatestFromTests: XCTestCase {
    private func makeSources(_ scheduler: TestScheduler) -> (TestableObservable<Int>, TestableObservable<String>) {
        (
            scheduler.createHotObservable([
                .next(90, 1), .next(180, 2), .next(250, 3), .next(260, 4), .next(310, 5), .next(340, 6),
                .next(410, 7), .next(420, 8), .next(470, 9), .next(550, 10), .completed(590),
            ]),
            scheduler.createHotObservable([.next(255, "bar"), .next(330, "foo"), .next(350, "qux"), .completed(400)])
        )
    }

    func testCombinesEachValueWithTheLatestOfTheSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, ys) = makeSources(scheduler)

        let res = scheduler.start { xs.withLatestFrom(ys) { "\($0)\($1)" } }

        XCTAssertEqual(
            res.events,
            [
                .next(260, "4bar"), .next(310, "5bar"), .next(340, "6foo"), .next(410, "7qux"),
                .next(420, "8qux"), .next(470, "9qux"), .next(550, "10qux"), .completed(590),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 590)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 400)])
    }

    func testWithoutSelectorEmitsTheSecondsLatestValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, ys) = makeSources(scheduler)

        let res = scheduler.start(disposed: 345) { xs.withLatestFrom(ys) }

        XCTAssertEqual(res.events, [.next(260, "bar"), .next(310, "bar"), .next(340, "foo")])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 345)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 345)])
    }

    func testFirstCompletingCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 1), .completed(230)])
        let ys = scheduler.createHotObservable([.next(210, "a"), .completed(300)])

        let res = scheduler.start { xs.withLatestFrom(ys) { "\($0)\($1)" } }

        XCTAssertEqual(res.events, [.next(220, "1a"), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 230)])
    }

    func testFirstError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 1), .error(230, WithLatestFromTestError.boom)])
        let ys = scheduler.createHotObservable([.next(210, "a"), .completed(300)])

        let res = scheduler.start { xs.withLatestFrom(ys) { "\($0)\($1)" } }

        XCTAssertEqual(res.events, [.next(220, "1a"), .error(230, WithLatestFromTestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 230)])
    }

    func testSecondError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 1), .next(240, 2), .completed(300)])
        let ys = scheduler.createHotObservable([.next(210, "a"), .error(230, WithLatestFromTestError.boom)])

        let res = scheduler.start { xs.withLatestFrom(ys) { "\($0)\($1)" } }

        XCTAssertEqual(res.events, [.next(220, "1a"), .error(230, WithLatestFromTestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 230)])
    }

    func testSelectorError() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, ys) = makeSources(scheduler)

        let res = scheduler.start {
            xs.withLatestFrom(ys) { (value: Int, latest: String) throws -> String in
                if value == 5 { throw WithLatestFromTestError.boom }
                return "\(value)\(latest)"
            }
        }

        XCTAssertEqual(res.events, [.next(260, "4bar"), .error(310, WithLatestFromTestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 310)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 310)])
    }

    func testSecondIsSubscribedFirst() {
        var received: [String] = []
        var completed = false
        _ = Observable.just(1).withLatestFrom(Observable.just("x"))
            .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })

        XCTAssertEqual(received, ["x"])
        XCTAssertTrue(completed)
    }

    func testObserverFeedingBothSourcesIsDeliveredInOrder() {
        let first = PublishSubject<Int>()
        let second = PublishSubject<String>()
        var received: [String] = []
        let subscription = first.withLatestFrom(second) { "\($0)\($1)" }.subscribe(onNext: { value in
            received.append(value)
            if value == "1a" {
                second.onNext("b")
                first.onNext(2)
            }
        })

        second.onNext("a")
        first.onNext(1)
        subscription.dispose()

        XCTAssertEqual(received, ["1a", "2b"])
    }
}
