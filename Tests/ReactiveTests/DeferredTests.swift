import Reactive
import ReactiveTesting
import XCTest

private struct DeferredTestError: Error {}

final class DeferredTests: XCTestCase {
    func testDeferredCallsTheFactoryOnSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        var invoked = 0
        var xs: TestableObservable<Int>?
        let res = scheduler.start {
            Observable<Int>.deferred {
                invoked += 1
                let observable = scheduler.createColdObservable([.next(100, scheduler.clock), .completed(200)])
                xs = observable
                return observable.asObservable()
            }
        }
        XCTAssertEqual(invoked, 1)
        XCTAssertEqual(res.events, [.next(300, 200), .completed(400)])
        XCTAssertEqual(xs?.subscriptions, [Subscription(200, 400)])
    }

    func testDeferredCallsTheFactoryForEachSubscription() {
        var invoked = 0
        let source = Observable<Int>.deferred {
            invoked += 1
            return .just(invoked)
        }
        var values: [Int] = []
        _ = source.subscribe(onNext: { values.append($0) })
        _ = source.subscribe(onNext: { values.append($0) })
        XCTAssertEqual(values, [1, 2])
        XCTAssertEqual(invoked, 2)
    }

    func testDeferredFactoryThrowing() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.deferred { throw DeferredTestError() } }
        XCTAssertEqual(res.events, [.error(200, DeferredTestError())])
    }

    func testDeferredPassesTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, DeferredTestError())])
        let res = scheduler.start { Observable.deferred { xs.asObservable() } }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, DeferredTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDeferredDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(100, 2), .completed(200)])
        let res = scheduler.start(disposed: 250) { Observable.deferred { xs.asObservable() } }
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }
}
