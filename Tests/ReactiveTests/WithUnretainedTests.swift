import Reactive
import ReactiveTesting
import XCTest

private struct WithUnretainedTestError: Error {}

private final class Owner {
    let name: String
    init(name: String) { self.name = name }
}

final class WithUnretainedTests: XCTestCase {
    func testWithUnretainedPairsValuesWithTheObject() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner(name: "o")
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start { xs.withUnretained(owner).map { "\($0.0.name)\($0.1)" } }

        XCTAssertEqual(res.events, [.next(210, "o1"), .next(220, "o2"), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testWithUnretainedResultSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner(name: "o")
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])

        let res = scheduler.start { xs.withUnretained(owner) { object, value in "\(object.name)-\(value)" } }

        XCTAssertEqual(res.events, [.next(210, "o-1"), .completed(250)])
    }

    func testWithUnretainedCompletesAtTheFirstValueAfterTheObjectIsGone() {
        let scheduler = TestScheduler(initialClock: 0)
        var owner: Owner? = Owner(name: "o")
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(240, 3), .completed(250)])
        scheduler.scheduleAt(220) { owner = nil }
        weak let weakOwner = owner
        let source = xs.withUnretained(owner!) { object, value in "\(object.name)\(value)" }

        let res = scheduler.start { source }

        XCTAssertNil(weakOwner)
        XCTAssertEqual(res.events, [.next(210, "o1"), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testWithUnretainedDoesNotRetainTheObject() {
        var owner: Owner? = Owner(name: "o")
        weak let weakOwner = owner
        let subject = PublishSubject<Int>()
        let subscription = subject.withUnretained(owner!).subscribe()
        owner = nil
        XCTAssertNil(weakOwner)
        subscription.dispose()
    }

    func testWithUnretainedError() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner(name: "o")
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, WithUnretainedTestError())])

        let res = scheduler.start { xs.withUnretained(owner) { $1 } }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, WithUnretainedTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        withExtendedLifetime(owner) {}
    }

    func testWithUnretainedDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner(name: "o")
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])

        let res = scheduler.start(disposed: 250) { xs.withUnretained(owner) { $1 } }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        withExtendedLifetime(owner) {}
    }
}
