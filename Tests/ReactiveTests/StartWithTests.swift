import Reactive
import ReactiveTesting
import XCTest

private enum StartWithTestError: Error {
    case boom
}

final class StartWithTests: XCTestCase {
    func testSendsTheValuesOnSubscriptionThenTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start { xs.startWith(7, 8) }

        XCTAssertEqual(res.events, [.next(200, 7), .next(200, 8), .next(220, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 2), .error(230, StartWithTestError.boom)])

        let res = scheduler.start { xs.startWith(7) }

        XCTAssertEqual(res.events, [.next(200, 7), .next(220, 2), .error(230, StartWithTestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 2), .completed(250)])

        let res = scheduler.start(disposed: 215) { xs.startWith(7) }

        XCTAssertEqual(res.events, [.next(200, 7)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 215)])
    }

    func testChainedPrefixesComeOutermostFirst() {
        var received: [Int] = []
        _ = Observable.of(5, 6).startWith(3, 4).startWith(1, 2).subscribe(onNext: { received.append($0) })

        XCTAssertEqual(received, [1, 2, 3, 4, 5, 6])
    }

    func testNoValuesIsTheSourceItself() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])

        let res = scheduler.start { xs.startWith() }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }
}
