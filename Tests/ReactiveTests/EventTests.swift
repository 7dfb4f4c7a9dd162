import Reactive
import XCTest

private struct EventTestError: Error, Equatable {}

final class EventTests: XCTestCase {
    func testAccessorsOfANextEvent() {
        let event = Event.next(1)
        XCTAssertEqual(event.element, 1)
        XCTAssertNil(event.error)
        XCTAssertFalse(event.isStopEvent)
        XCTAssertFalse(event.isCompleted)
    }

    func testAccessorsOfStopEvents() {
        let failed = Event<Int>.error(EventTestError())
        XCTAssertNil(failed.element)
        XCTAssertTrue(failed.error is EventTestError)
        XCTAssertTrue(failed.isStopEvent)
        XCTAssertFalse(failed.isCompleted)

        let completed = Event<Int>.completed
        XCTAssertNil(completed.element)
        XCTAssertNil(completed.error)
        XCTAssertTrue(completed.isStopEvent)
        XCTAssertTrue(completed.isCompleted)
    }

    func testMapTransformsValuesAndTurnsThrowsIntoErrors() {
        XCTAssertEqual(Event.next(2).map { $0 * 10 }.element, 20)
        XCTAssertTrue(Event.next(2).map { _ -> Int in throw EventTestError() }.error is EventTestError)
        XCTAssertTrue(Event<Int>.completed.map { $0 * 10 }.isCompleted)
    }

    func testDebugDescriptionMatchesRxSwift() {
        XCTAssertEqual(Event.next(1).debugDescription, "next(1)")
        XCTAssertEqual(Event<Int>.completed.debugDescription, "completed")
        XCTAssertEqual(Event<Int>.error(RxError.timeout).debugDescription, "error(Sequence timeout.)")
    }

    func testEventConvertibleExposesTheEvent() {
        func events<E: EventConvertible>(_ values: [E]) -> [Event<E.Element>] { values.map(\.event) }
        XCTAssertEqual(events([Event.next(3)]).first?.element, 3)
    }

    func testObserverHelpersSendTheMatchingEvents() {
        var received: [String] = []
        let observer = AnyObserver<Int> { received.append($0.debugDescription) }
        observer.onNext(1)
        observer.onError(RxError.noElements)
        observer.onCompleted()
        XCTAssertEqual(received, ["next(1)", "error(Sequence doesn't contain any elements.)", "completed"])
    }

    func testMapObserverTransformsBeforeForwarding() {
        var received: [Int] = []
        let observer = AnyObserver<Int> { if let value = $0.element { received.append(value) } }
        let lengths: AnyObserver<String> = observer.mapObserver { $0.count }
        lengths.onNext("abc")
        lengths.onNext("")
        XCTAssertEqual(received, [3, 0])
    }
}
