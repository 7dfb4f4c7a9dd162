import Reactive
import ReactiveTesting
import XCTest

/// RxTest's older spellings still build the same recorded events and runs.
final class DeprecatedSpellingTests: XCTestCase {
    @available(*, deprecated, message: "exercises the deprecated spellings")
    func testFreeFactoriesAndUnlabelledStarts() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([next(210, 1), next(240, 2), completed(300)])
        XCTAssertEqual(scheduler.start(230) { xs.asObservable() }.events, [.next(210, 1)])
        let again = TestScheduler(initialClock: 0)
        let ys = again.createColdObservable([next(10, "a"), error(20, TestError(), String.self)])
        XCTAssertEqual(
            again.start(50, subscribed: 100, disposed: 1000) { ys.asObservable() }.events,
            [.next(110, "a"), .error(120, TestError())])
        XCTAssertEqual(ys.subscriptions, [Subscription(100, 120)])
    }
}
