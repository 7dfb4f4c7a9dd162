import Reactive
import ReactiveTesting
import XCTest

final class RepeatElementTests: XCTestCase {
    func testRepeatElementOnSchedulerSendsEveryTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 205) { Observable.repeatElement(42, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 42), .next(202, 42), .next(203, 42), .next(204, 42)])
    }

    func testRepeatElementOnCurrentThreadStopsWhenTheDownstreamDisposes() {
        var received: [Int] = []
        var completed = false
        _ = Observable.repeatElement(7).take(3).subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
        XCTAssertEqual(received, [7, 7, 7])
        XCTAssertTrue(completed)
    }

    func testRepeatElementWithTakeOnTestScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.repeatElement("a").take(2) }
        XCTAssertEqual(res.events, [.next(200, "a"), .next(200, "a"), .completed(200)])
    }
}
