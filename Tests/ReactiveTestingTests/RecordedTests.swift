import Foundation
import Reactive
import ReactiveTesting
import XCTest

/// An error with a fixed description, of a different type than `TestError`.
private struct OtherError: Error, CustomStringConvertible {
    var description: String { "same" }
}

final class RecordedTests: XCTestCase {
    // MARK: Recorded

    func testFactories() {
        let next = Recorded.next(210, 1)
        let completed = Recorded.completed(300, Int.self)
        let error = Recorded<Event<Int>>.error(250, TestError("e"))

        XCTAssertEqual(next.time, 210)
        XCTAssertEqual(next.value, .next(1))
        XCTAssertEqual(completed.time, 300)
        XCTAssertEqual(completed.value, Event<Int>.completed)
        XCTAssertEqual(error.time, 250)
        XCTAssertEqual(error.value, .error(TestError("e")))
    }

    func testEquality() {
        XCTAssertEqual(Recorded.next(210, 1), Recorded.next(210, 1))
        XCTAssertNotEqual(Recorded.next(210, 1), Recorded.next(211, 1))
        XCTAssertNotEqual(Recorded.next(210, 1), Recorded.next(210, 2))
        XCTAssertNotEqual(Recorded.next(210, 1), Recorded.completed(210))
        XCTAssertEqual(Recorded(time: 5, value: "x"), Recorded(time: 5, value: "x"))
        XCTAssertNotEqual(Recorded(time: 5, value: "x"), Recorded(time: 5, value: "y"))
    }

    func testEventsBuildsArrays() {
        let variadic = Recorded.events(.next(210, 1), .next(220, 2), .completed(230))
        let array = Recorded.events([.next(210, 1), .next(220, 2), .completed(230)])
        let expected: [Recorded<Event<Int>>] = [.next(210, 1), .next(220, 2), .completed(230)]

        XCTAssertEqual(variadic, expected)
        XCTAssertEqual(array, expected)
    }

    func testDebugDescription() {
        XCTAssertEqual(Recorded.next(210, 1).debugDescription, "next(1) @ 210")
        XCTAssertEqual(Recorded.completed(300, Int.self).debugDescription, "completed @ 300")
        XCTAssertEqual(Recorded.error(250, TestError("boom"), Int.self).debugDescription, "error(boom) @ 250")
        XCTAssertEqual(String(describing: Recorded(time: 1, value: 2)), "2 @ 1")
    }

    // MARK: Subscription

    func testSubscriptionNeverUnsubscribedEndsAtIntMax() {
        let subscription = Subscription(200)

        XCTAssertEqual(subscription.subscribe, 200)
        XCTAssertEqual(subscription.unsubscribe, Int.max)
        XCTAssertEqual(subscription, Subscription(200, Int.max))
    }

    func testSubscriptionEqualityAndHashing() {
        XCTAssertEqual(Subscription(200, 1000), Subscription(200, 1000))
        XCTAssertNotEqual(Subscription(200, 1000), Subscription(200, 999))
        XCTAssertNotEqual(Subscription(200, 1000), Subscription(201, 1000))
        let set: Set = [Subscription(200, 1000), Subscription(200, 1000), Subscription(300)]
        XCTAssertEqual(set.count, 2)
    }

    func testSubscriptionDescription() {
        XCTAssertEqual(Subscription(200, 1000).description, "(200 : 1000)")
        XCTAssertEqual(Subscription(200).description, "(200 : Infinity)")
        XCTAssertEqual(Subscription(200, 1000).debugDescription, "(200 : 1000)")
        XCTAssertEqual("\(Subscription(10, 20))", "(10 : 20)")
    }

    // MARK: Event equality

    func testEventEquality() {
        XCTAssertEqual(Event.next(1), Event.next(1))
        XCTAssertNotEqual(Event.next(1), Event.next(2))
        XCTAssertEqual(Event<Int>.completed, Event<Int>.completed)
        XCTAssertNotEqual(Event.next(1), Event<Int>.completed)
        XCTAssertNotEqual(Event<Int>.error(TestError()), Event<Int>.completed)
        XCTAssertEqual(Event<Int?>.next(nil), Event<Int?>.next(nil))
        XCTAssertNotEqual(Event<Int?>.next(nil), Event<Int?>.next(1))
    }

    func testErrorsAreEqualWhenTheirDescriptionsAre() {
        XCTAssertEqual(Event<Int>.error(TestError("a")), Event<Int>.error(TestError("a")))
        XCTAssertNotEqual(Event<Int>.error(TestError("a")), Event<Int>.error(TestError("b")))
        XCTAssertEqual(Event<Int>.error(RxError.timeout), Event<Int>.error(RxError.timeout))
        XCTAssertNotEqual(Event<Int>.error(RxError.timeout), Event<Int>.error(RxError.noElements))
        #if os(Linux)
            // On Linux only the description counts, so different error types can be equal (as in RxTest).
            XCTAssertEqual(Event<Int>.error(TestError("same")), Event<Int>.error(OtherError()))
        #endif
    }
}
