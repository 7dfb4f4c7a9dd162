import Foundation
import Reactive
import ReactiveTesting
import XCTest

final class TimerTests: XCTestCase {
    func testIntervalTicksEveryPeriodUntilDisposed() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 650) { Observable<Int>.interval(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(300, 0), .next(400, 1), .next(500, 2), .next(600, 3)])
    }

    func testIntervalDisposedBeforeTheFirstTickSendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 299) { Observable<Int>.interval(.seconds(100), scheduler: scheduler) }

        XCTAssertEqual(res.events, [])
    }

    func testIntervalOfANarrowTypeWrapsAroundLikeRxSwift() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 331) { Observable<Int8>.interval(.seconds(1), scheduler: scheduler) }

        let values = res.events.compactMap(\.value.element)
        XCTAssertEqual(values.count, 130)
        XCTAssertEqual(Array(values[126...129]), [126, 127, -128, -127])
    }

    func testOneShotTimerSendsZeroThenCompletes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.timer(.seconds(300), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(500, 0), .completed(500)])
    }

    func testOneShotTimerDisposedEarlySendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 400) { Observable<Int>.timer(.seconds(300), scheduler: scheduler) }

        XCTAssertEqual(res.events, [])
    }

    func testPeriodicTimerStartsAfterTheDueTimeThenTicksEveryPeriod() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 500) {
            Observable<Int64>.timer(.seconds(50), period: .seconds(100), scheduler: scheduler)
        }

        XCTAssertEqual(res.events, [.next(250, 0), .next(350, 1), .next(450, 2)])
    }

    func testTimerAndIntervalRunOnADispatchQueue() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "timer-tests")
        let done = expectation(description: "completed")
        let values = TimerValues()

        let subscription = Observable<Int>.interval(.milliseconds(1), scheduler: scheduler)
            .filter { $0 < 3 }
            .subscribe(onNext: { value in
                values.append(value)
                if value == 2 { done.fulfill() }
            })
        wait(for: [done], timeout: 10)
        subscription.dispose()

        XCTAssertEqual(Array(values.all.prefix(3)), [0, 1, 2])
    }
}

/// Collects values from the timer's queue; its lock orders them with the reading test.
private final class TimerValues: @unchecked Sendable {  // every access goes through `lock`
    private let lock = NSLock()
    private var values: [Int] = []

    func append(_ value: Int) { lock.withLock { values.append(value) } }
    var all: [Int] { lock.withLock { values } }
}
