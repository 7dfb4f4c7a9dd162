import Reactive
import ReactiveTesting
import XCTest

private struct IfEmptyTestError: Error {}

final class IfEmptyTests: XCTestCase {
    // MARK: ifEmpty(default:)

    func testDefaultNotUsedWhenTheSourceHasValues() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .completed(250)])

        let res = scheduler.start { xs.ifEmpty(default: 42) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDefaultSentWhenTheSourceIsEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .completed(250)])

        let res = scheduler.start { xs.ifEmpty(default: 42) }

        XCTAssertEqual(res.events, [.next(250, 42), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDefaultNotSentOnError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(250, IfEmptyTestError(), Int.self)])

        let res = scheduler.start { xs.ifEmpty(default: 42) }

        XCTAssertEqual(res.events, [.error(250, IfEmptyTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDefaultDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(300, Int.self)])

        let res = scheduler.start(disposed: 250) { xs.ifEmpty(default: 42) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    // MARK: ifEmpty(switchTo:)

    func testSwitchNotUsedWhenTheSourceHasValues() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let other = scheduler.createColdObservable([.next(10, 9), .completed(20)])

        let res = scheduler.start { xs.ifEmpty(switchTo: other.asObservable()) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(other.subscriptions, [])
    }

    func testSwitchUsedWhenTheSourceIsEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(250, Int.self)])
        let other = scheduler.createColdObservable([.next(10, 9), .next(20, 8), .completed(30)])

        let res = scheduler.start { xs.ifEmpty(switchTo: other.asObservable()) }

        XCTAssertEqual(res.events, [.next(260, 9), .next(270, 8), .completed(280)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(other.subscriptions, [Subscription(250, 280)])
    }

    func testSwitchOtherErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(250, Int.self)])
        let other = scheduler.createColdObservable([.next(10, 9), .error(20, IfEmptyTestError())])

        let res = scheduler.start { xs.ifEmpty(switchTo: other.asObservable()) }

        XCTAssertEqual(res.events, [.next(260, 9), .error(270, IfEmptyTestError())])
        XCTAssertEqual(other.subscriptions, [Subscription(250, 270)])
    }

    func testSwitchSourceErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(250, IfEmptyTestError(), Int.self)])
        let other = scheduler.createColdObservable([.next(10, 9), .completed(20)])

        let res = scheduler.start { xs.ifEmpty(switchTo: other.asObservable()) }

        XCTAssertEqual(res.events, [.error(250, IfEmptyTestError())])
        XCTAssertEqual(other.subscriptions, [])
    }

    func testSwitchDisposedWhileOnTheOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(250, Int.self)])
        let other = scheduler.createColdObservable([.next(10, 9), .next(100, 8)])

        let res = scheduler.start(disposed: 300) { xs.ifEmpty(switchTo: other.asObservable()) }

        XCTAssertEqual(res.events, [.next(260, 9)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(other.subscriptions, [Subscription(250, 300)])
    }

    func testSwitchToASynchronousSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(250, Int.self)])

        let res = scheduler.start { xs.ifEmpty(switchTo: .of(1, 2)) }

        XCTAssertEqual(res.events, [.next(250, 1), .next(250, 2), .completed(250)])
    }
}
