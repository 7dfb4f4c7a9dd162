import Reactive
import ReactiveTesting
import XCTest

private struct GenerateTestError: Error {}

final class GenerateTests: XCTestCase {
    func testGenerateOnScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable.generate(initialState: 0, condition: { $0 <= 2 }, scheduler: scheduler) { $0 + 1 }
        }
        XCTAssertEqual(res.events, [.next(201, 0), .next(202, 1), .next(203, 2), .completed(204)])
    }

    func testGenerateOnCurrentThread() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.generate(initialState: 1, condition: { $0 < 10 }) { $0 * 3 } }
        XCTAssertEqual(res.events, [.next(200, 1), .next(200, 3), .next(200, 9), .completed(200)])
    }

    func testGenerateConditionFalseAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.generate(initialState: 5, condition: { $0 < 0 }) { $0 + 1 } }
        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testGenerateConditionThrowing() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable.generate(
                initialState: 0,
                condition: { value in
                    if value == 1 { throw GenerateTestError() }
                    return true
                }, scheduler: scheduler
            ) { $0 + 1 }
        }
        XCTAssertEqual(res.events, [.next(201, 0), .error(202, GenerateTestError())])
    }

    func testGenerateIterateThrowing() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable.generate(initialState: 0, condition: { _ in true }, scheduler: scheduler) { value in
                if value == 1 { throw GenerateTestError() }
                return value + 1
            }
        }
        XCTAssertEqual(res.events, [.next(201, 0), .next(202, 1), .error(203, GenerateTestError())])
    }

    func testGenerateDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 203) {
            Observable.generate(initialState: 0, condition: { _ in true }, scheduler: scheduler) { $0 + 1 }
        }
        XCTAssertEqual(res.events, [.next(201, 0), .next(202, 1)])
    }

    func testGenerateEachSubscriptionStartsOver() {
        let source = Observable.generate(initialState: 0, condition: { $0 < 2 }) { $0 + 1 }
        var values: [Int] = []
        _ = source.subscribe(onNext: { values.append($0) })
        _ = source.subscribe(onNext: { values.append($0) })
        XCTAssertEqual(values, [0, 1, 0, 1])
    }

    func testGenerateEndlessStopsWhenTheDownstreamDisposes() {
        var values: [Int] = []
        _ = Observable.generate(initialState: 0, condition: { _ in true }) { $0 + 1 }
            .take(3)
            .subscribe(onNext: { values.append($0) })
        XCTAssertEqual(values, [0, 1, 2])
    }
}
