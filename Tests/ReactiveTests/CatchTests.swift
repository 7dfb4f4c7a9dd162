import Reactive
import ReactiveTesting
import XCTest

private enum CatchTestError: Error { case first, second, handlerFailed }

final class CatchTests: XCTestCase {
    // MARK: catch(_:)

    func testNoErrorPassesEverythingThroughWithoutCallingTheHandler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(230)])
        var handlerCalled = false

        let res = scheduler.start {
            xs.catch { _ in
                handlerCalled = true
                return .just(-1)
            }
        }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertFalse(handlerCalled)
    }

    func testErrorSwitchesToTheHandlersSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(230, CatchTestError.first)])
        let ys = scheduler.createHotObservable([.next(220, 3), .next(240, 4), .completed(250)])
        var handledAt: TestTime?
        var handledError: Error?

        let res = scheduler.start {
            xs.catch { error in
                handledAt = scheduler.clock
                handledError = error
                return ys.asObservable()
            }
        }

        XCTAssertEqual(res.events, [.next(210, 2), .next(240, 4), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 250)])
        XCTAssertEqual(handledAt, 230)
        XCTAssertEqual(handledError as? CatchTestError, .first)
    }

    func testTheHandlersSequenceMayFailToo() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(230, CatchTestError.first)])
        let ys = scheduler.createColdObservable([.next(10, 3), .error(20, CatchTestError.second)])

        let res = scheduler.start { xs.catch { _ in ys.asObservable() } }

        XCTAssertEqual(res.events, [.next(210, 2), .next(240, 3), .error(250, CatchTestError.second)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 250)])
    }

    func testAThrowingHandlerEndsTheSequenceWithItsError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(230, CatchTestError.first)])

        let res = scheduler.start { xs.catch { _ -> Observable<Int> in throw CatchTestError.handlerFailed } }

        XCTAssertEqual(res.events, [.next(210, 2), .error(230, CatchTestError.handlerFailed)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testDisposalReachesTheHandlersSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(230, CatchTestError.first)])
        let ys = scheduler.createColdObservable([.next(10, 3), .next(100, 4)])

        let res = scheduler.start(disposed: 300) { xs.catch { _ in ys.asObservable() } }

        XCTAssertEqual(res.events, [.next(210, 2), .next(240, 3)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 300)])
    }

    func testCatchAndReturnEmitsTheValueAndCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(230, CatchTestError.first)])

        let res = scheduler.start { xs.catchAndReturn(99) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(230, 99), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    @available(*, deprecated, message: "exercises the deprecated spellings")
    func testDeprecatedSpellings() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(230, CatchTestError.first)])

        let otherScheduler = TestScheduler(initialClock: 0)
        let ys = otherScheduler.createHotObservable([.next(210, 2), .error(230, CatchTestError.first)])
        let sequenceScheduler = TestScheduler(initialClock: 0)

        let caught = scheduler.start { xs.catchError { _ in .just(7) } }
        let returned = otherScheduler.start { ys.catchErrorJustReturn(8) }
        let fromSequence = sequenceScheduler.start {
            Observable.catchError([Observable<Int>.error(CatchTestError.first), .just(9)])
        }

        XCTAssertEqual(caught.events, [.next(210, 2), .next(230, 7), .completed(230)])
        XCTAssertEqual(returned.events, [.next(210, 2), .next(230, 8), .completed(230)])
        XCTAssertEqual(fromSequence.events, [.next(200, 9), .completed(200)])
    }

    // MARK: catch(sequence:)

    func testCatchSequenceMovesOnWhileSourcesFail() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, CatchTestError.first)])
        let xs2 = scheduler.createColdObservable([.next(10, 3), .error(20, CatchTestError.second)])
        let xs3 = scheduler.createColdObservable([.next(10, 4), .completed(20)])
        let xs4 = scheduler.createColdObservable([.next(10, 5), .completed(20)])

        let res = scheduler.start {
            Observable.catch(sequence: [xs1.asObservable(), xs2.asObservable(), xs3.asObservable(), xs4.asObservable()])
        }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(240, 3), .next(260, 4), .completed(270)])
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(xs2.subscriptions, [Subscription(230, 250)])
        XCTAssertEqual(xs3.subscriptions, [Subscription(250, 270)])
        XCTAssertEqual(xs4.subscriptions, [])
    }

    func testCatchSequenceEndsWithTheLastErrorWhenEverySourceFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createColdObservable([.next(10, 1), .error(20, CatchTestError.first)])
        let xs2 = scheduler.createColdObservable([.next(10, 2), .error(20, CatchTestError.second)])

        let res = scheduler.start { Observable.catch(sequence: [xs1.asObservable(), xs2.asObservable()]) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .error(240, CatchTestError.second)])
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(xs2.subscriptions, [Subscription(220, 240)])
    }

    func testCatchSequenceOfNothingCompletes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.catch(sequence: [Observable<Int>]()) }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testCatchSequenceDisposalEndsTheCurrentSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createColdObservable([.next(10, 1), .error(20, CatchTestError.first)])
        let xs2 = scheduler.createColdObservable([.next(10, 2), .next(100, 3)])

        let res = scheduler.start(disposed: 300) { Observable.catch(sequence: [xs1.asObservable(), xs2.asObservable()]) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2)])
        XCTAssertEqual(xs2.subscriptions, [Subscription(220, 300)])
    }

    func testCatchSequenceOfSynchronousFailuresRunsAsALoop() {
        let sources = (0..<10_000).map { _ in Observable<Int>.error(CatchTestError.first) } + [.just(42)]
        var values: [Int] = []
        var completed = false

        _ = Observable.catch(sequence: sources).subscribe(onNext: { values.append($0) }, onCompleted: { completed = true })

        XCTAssertEqual(values, [42])
        XCTAssertTrue(completed)
    }
}
