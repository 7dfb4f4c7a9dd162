import Reactive
import ReactiveTesting
import XCTest

private enum AmbTestError: Error {
    case boom
}

final class AmbTests: XCTestCase {
    func testThreeNeversNeverSendAnything() {
        let scheduler = TestScheduler(initialClock: 0)
        let sources = (0..<3).map { _ in scheduler.createHotObservable([Recorded.next(150, 1)]) }

        let res = scheduler.start { Observable.amb(sources.map { $0.asObservable() }) }

        XCTAssertEqual(res.events, [])
        for source in sources {
            XCTAssertEqual(source.subscriptions, [Subscription(200, 1000)])
        }
    }

    func testCompletionWinsToo() {
        let scheduler = TestScheduler(initialClock: 0)
        let x1 = scheduler.createHotObservable([Recorded.next(150, 1)])
        let x2 = scheduler.createHotObservable([.next(150, 1), .completed(225)])

        let res = scheduler.start { x1.amb(x2) }

        XCTAssertEqual(res.events, [.completed(225)])
        XCTAssertEqual(x1.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(x2.subscriptions, [Subscription(200, 225)])
    }

    func testFirstToSendWinsAndTheLoserIsDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let x1 = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(230, 4), .completed(240)])
        let x2 = scheduler.createHotObservable([.next(150, 1), .next(220, 3), .completed(250)])

        let res = scheduler.start { x1.amb(x2) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(230, 4), .completed(240)])
        XCTAssertEqual(x1.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(x2.subscriptions, [Subscription(200, 210)])
    }

    func testRightCanWin() {
        let scheduler = TestScheduler(initialClock: 0)
        let x1 = scheduler.createHotObservable([.next(220, 2), .error(230, AmbTestError.boom)])
        let x2 = scheduler.createHotObservable([.next(210, 3), .completed(250)])

        let res = scheduler.start { x1.amb(x2) }

        XCTAssertEqual(res.events, [.next(210, 3), .completed(250)])
        XCTAssertEqual(x1.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(x2.subscriptions, [Subscription(200, 250)])
    }

    func testWinnerError() {
        let scheduler = TestScheduler(initialClock: 0)
        let x1 = scheduler.createHotObservable([.next(210, 2), .error(220, AmbTestError.boom)])
        let x2 = scheduler.createHotObservable([.next(220, 3), .completed(250)])

        let res = scheduler.start { x1.amb(x2) }

        XCTAssertEqual(res.events, [.next(210, 2), .error(220, AmbTestError.boom)])
        XCTAssertEqual(x1.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(x2.subscriptions, [Subscription(200, 210)])
    }

    func testErrorBeforeAnyValueWins() {
        let scheduler = TestScheduler(initialClock: 0)
        let x1 = scheduler.createHotObservable([Recorded<Event<Int>>.error(210, AmbTestError.boom)])
        let x2 = scheduler.createHotObservable([.next(220, 3), .completed(250)])

        let res = scheduler.start { x1.amb(x2) }

        XCTAssertEqual(res.events, [.error(210, AmbTestError.boom)])
        XCTAssertEqual(x1.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(x2.subscriptions, [Subscription(200, 210)])
    }

    func testStaticAmbOfManyDisposesEveryLoser() {
        let scheduler = TestScheduler(initialClock: 0)
        let x1 = scheduler.createHotObservable([.next(240, 1), .completed(400)])
        let x2 = scheduler.createHotObservable([.next(220, 2), .completed(300)])
        let x3 = scheduler.createHotObservable([.next(230, 3), .completed(400)])

        let res = scheduler.start { Observable.amb([x1.asObservable(), x2.asObservable(), x3.asObservable()]) }

        XCTAssertEqual(res.events, [.next(220, 2), .completed(300)])
        XCTAssertEqual(x1.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(x2.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(x3.subscriptions, [Subscription(200, 220)])
    }

    func testStaticAmbOfNothingNeverSendsAnything() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.amb([Observable<Int>]()) }

        XCTAssertEqual(res.events, [])
    }

    func testDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let x1 = scheduler.createHotObservable([.next(210, 2), .next(230, 4), .completed(240)])
        let x2 = scheduler.createHotObservable([.next(220, 3), .completed(250)])

        let res = scheduler.start(disposed: 215) { x1.amb(x2) }

        XCTAssertEqual(res.events, [.next(210, 2)])
        XCTAssertEqual(x1.subscriptions, [Subscription(200, 215)])
        XCTAssertEqual(x2.subscriptions, [Subscription(200, 210)])
    }

    func testObserverFeedingTheWinnerIsDeliveredInOrder() {
        let left = PublishSubject<Int>()
        let right = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = left.amb(right).subscribe(onNext: { value in
            received.append(value)
            if value == 1 {
                left.onNext(2)
                right.onNext(99)
            }
        })

        left.onNext(1)
        left.onNext(3)
        subscription.dispose()

        XCTAssertEqual(received, [1, 2, 3])
        XCTAssertFalse(right.hasObservers)
    }
}
