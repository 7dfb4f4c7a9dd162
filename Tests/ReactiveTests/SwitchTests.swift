import Reactive
import ReactiveTesting
import XCTest

private enum SwitchTestError: Error {
    case boom
}

final class SwitchTests: XCTestCase {
    /// Three cold inner sequences for an outer sequence that sends 0, 1, 2 at 210, 300 and 400.
    private func makeInners(_ scheduler: TestScheduler) -> [TestableObservable<Int>] {
        [
            scheduler.createColdObservable([.next(10, 11), .next(100, 12), .completed(150)]),
            scheduler.createColdObservable([.next(5, 21), .next(50, 22), .completed(70)]),
            scheduler.createColdObservable([.next(20, 31), .next(150, 32), .completed(200)]),
        ]
    }

    private let switchedEvents: [Recorded<Event<Int>>] = [
        .next(220, 11), .next(305, 21), .next(350, 22), .next(420, 31), .next(550, 32), .completed(600),
    ]

    // MARK: flatMapLatest

    func testFlatMapLatestMirrorsOnlyTheLatestInnerSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = makeInners(scheduler)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 0), .next(300, 1), .next(400, 2), .completed(500)])

        let res = scheduler.start { xs.flatMapLatest { ys[$0] } }

        XCTAssertEqual(res.events, switchedEvents)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 500)])
        XCTAssertEqual(ys[0].subscriptions, [Subscription(210, 300)])
        XCTAssertEqual(ys[1].subscriptions, [Subscription(300, 370)])
        XCTAssertEqual(ys[2].subscriptions, [Subscription(400, 600)])
    }

    func testFlatMapLatestCompletesWithOuterWhenTheLatestInnerAlreadyCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = makeInners(scheduler)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start { xs.flatMapLatest { ys[$0] } }

        XCTAssertEqual(res.events, [.next(215, 21), .next(260, 22), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys[1].subscriptions, [Subscription(210, 280)])
    }

    func testFlatMapLatestCompletesAtOnceWhenOuterCompletesWithoutValues() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = makeInners(scheduler)
        let xs = scheduler.createHotObservable([.next(150, 0), .completed(250)])

        let res = scheduler.start { xs.flatMapLatest { ys[$0] } }

        XCTAssertEqual(res.events, [.completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys[0].subscriptions, [])
    }

    func testFlatMapLatestInnerError() {
        let scheduler = TestScheduler(initialClock: 0)
        var ys = makeInners(scheduler)
        ys[1] = scheduler.createColdObservable([.next(5, 21), .error(40, SwitchTestError.boom)])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(300, 1), .next(400, 2), .completed(500)])

        let res = scheduler.start { xs.flatMapLatest { ys[$0] } }

        XCTAssertEqual(res.events, [.next(220, 11), .next(305, 21), .error(340, SwitchTestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 340)])
        XCTAssertEqual(ys[0].subscriptions, [Subscription(210, 300)])
        XCTAssertEqual(ys[1].subscriptions, [Subscription(300, 340)])
        XCTAssertEqual(ys[2].subscriptions, [])
    }

    func testFlatMapLatestOuterError() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = makeInners(scheduler)
        let xs = scheduler.createHotObservable([.next(210, 0), .error(250, SwitchTestError.boom)])

        let res = scheduler.start { xs.flatMapLatest { ys[$0] } }

        XCTAssertEqual(res.events, [.next(220, 11), .error(250, SwitchTestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys[0].subscriptions, [Subscription(210, 250)])
    }

    func testFlatMapLatestSelectorError() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = makeInners(scheduler)
        let xs = scheduler.createHotObservable([.next(210, 0), .next(300, 1), .completed(500)])

        let res = scheduler.start {
            xs.flatMapLatest { index -> TestableObservable<Int> in
                if index == 1 { throw SwitchTestError.boom }
                return ys[index]
            }
        }

        XCTAssertEqual(res.events, [.next(220, 11), .error(300, SwitchTestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys[0].subscriptions, [Subscription(210, 300)])
        XCTAssertEqual(ys[1].subscriptions, [])
    }

    func testFlatMapLatestDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = makeInners(scheduler)
        let xs = scheduler.createHotObservable([.next(210, 0), .next(300, 1), .next(400, 2), .completed(500)])

        let res = scheduler.start(disposed: 320) { xs.flatMapLatest { ys[$0] } }

        XCTAssertEqual(res.events, [.next(220, 11), .next(305, 21)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 320)])
        XCTAssertEqual(ys[0].subscriptions, [Subscription(210, 300)])
        XCTAssertEqual(ys[1].subscriptions, [Subscription(300, 320)])
        XCTAssertEqual(ys[2].subscriptions, [])
    }

    func testFlatMapLatestObserverSwitchingFromInsideAnInnerValue() {
        let outer = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = outer.flatMapLatest { Observable.of($0 * 10, $0 * 10 + 1) }.subscribe(onNext: { value in
            received.append(value)
            if value == 10 { outer.onNext(2) }
        })

        outer.onNext(1)
        subscription.dispose()

        // 11 never arrives: sending 2 disposed the first inner sequence.
        XCTAssertEqual(received, [10, 20, 21])
    }

    func testFlatMapLatestIgnoresAnInnerSequenceItSwitchedAwayFrom() {
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let outer = PublishSubject<PublishSubject<Int>>()
        var received: [Int] = []
        let subscription = outer.flatMapLatest { $0 }.subscribe(onNext: { received.append($0) })

        outer.onNext(first)
        first.onNext(1)
        outer.onNext(second)
        first.onNext(2)
        second.onNext(3)
        subscription.dispose()

        XCTAssertEqual(received, [1, 3])
        XCTAssertFalse(first.hasObservers)
        XCTAssertFalse(second.hasObservers)
    }

    // MARK: switchLatest

    func testSwitchLatestMirrorsOnlyTheLatestInnerSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = makeInners(scheduler)
        let xs = scheduler.createHotObservable([.next(210, ys[0]), .next(300, ys[1]), .next(400, ys[2]), .completed(500)])

        let res = scheduler.start { xs.switchLatest() }

        XCTAssertEqual(res.events, switchedEvents)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 500)])
        XCTAssertEqual(ys[0].subscriptions, [Subscription(210, 300)])
        XCTAssertEqual(ys[1].subscriptions, [Subscription(300, 370)])
        XCTAssertEqual(ys[2].subscriptions, [Subscription(400, 600)])
    }

    func testSwitchLatestInnerErrorAfterOuterCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 1), .error(100, SwitchTestError.boom)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .completed(250)])

        let res = scheduler.start { xs.switchLatest() }

        XCTAssertEqual(res.events, [.next(220, 1), .error(310, SwitchTestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 310)])
    }
}
