import Foundation
import Reactive
import ReactiveTesting
import XCTest

private struct SchedulingTestError: Error, Equatable {
    let code: Int
}

/// A resource that notes the virtual time of each disposal.
private final class DisposalClock: Disposable {
    private let scheduler: TestScheduler
    private(set) var disposedAt: [TestTime] = []

    init(_ scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    func dispose() {
        disposedAt.append(scheduler.clock)
    }
}

/// The operators every trait shares with `Observable` (delay, timeout, retry(when:), ...) on
/// virtual time, in RxTest's style: they keep the trait and take the observable operator's times.
final class PrimitiveSequenceSchedulingTests: XCTestCase {
    func testDelayShiftsASinglesValueAndLeavesItsErrorOnTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Single.just(1).delay(.seconds(15), scheduler: scheduler) }
        // The completion is scheduled again once the value went, a tick later, as in RxSwift's test_delay.
        XCTAssertEqual(res.events, [.next(215, 1), .completed(216)])

        let failing = TestScheduler(initialClock: 0)
        let failed = failing.start {
            Single<Int>.error(SchedulingTestError(code: 1)).delay(.seconds(15), scheduler: failing)
        }
        XCTAssertEqual(failed.events, [.error(200, SchedulingTestError(code: 1))])
    }

    func testDelaySubscriptionSubscribesLater() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 7), .completed(10)])
        let res = scheduler.start { xs.asSingle().delaySubscription(.seconds(30), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(240, 7), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(230, 240)])
    }

    func testObserveOnDeliversAMaybeOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 3), .completed(220)])
        let res = scheduler.start { xs.asMaybe().observe(on: scheduler) }
        XCTAssertEqual(res.events, [.next(221, 3), .completed(222)], "each event is scheduled on its own, as in RxSwift")
    }

    func testSubscribeOnSubscribesACompletableOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.completed(20, Never.self)])
        let res = scheduler.start { xs.asCompletable().subscribe(on: scheduler) }
        XCTAssertEqual(res.events, [.completed(221)])
        XCTAssertEqual(xs.subscriptions.first?.subscribe, 201)
    }

    func testRetryWhenResubscribesASingleWhenTheTriggerEmits() {
        let scheduler = TestScheduler(initialClock: 0)
        let attempts = scheduler.createColdObservable([.error(10, SchedulingTestError(code: 2), Int.self)])
        let res = scheduler.start {
            attempts.asSingle().retry { (errors: Observable<SchedulingTestError>) in
                errors.enumerated().flatMap { attempt, error -> Observable<Int> in
                    attempt < 2 ? .just(0) : .error(error)
                }
            }
        }
        XCTAssertEqual(res.events, [.error(230, SchedulingTestError(code: 2))])
        XCTAssertEqual(attempts.subscriptions, [Subscription(200, 210), Subscription(210, 220), Subscription(220, 230)])
    }

    func testTimeoutFailsAMaybeThatDoesNotEndInTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(260, 1), .completed(260)])
        let res = scheduler.start { xs.asMaybe().timeout(.seconds(50), scheduler: scheduler) }
        XCTAssertEqual(res.events, [.error(250, RxError.timeout)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testTimeoutSwitchesASingleToTheOtherOne() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(260, 1), .completed(260)])
        let other = scheduler.createColdObservable([.next(5, 9), .completed(5)])
        let res = scheduler.start {
            xs.asSingle().timeout(.seconds(50), other: other.asSingle(), scheduler: scheduler)
        }
        XCTAssertEqual(res.events, [.next(255, 9), .completed(255)])
        XCTAssertEqual(other.subscriptions, [Subscription(250, 255)])
    }

    func testTimerSucceedsWithZeroAfterTheDueTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let single = scheduler.start { Single<Int>.timer(.seconds(30), scheduler: scheduler) }
        XCTAssertEqual(single.events, [.next(230, 0), .completed(230)])
        let maybeScheduler = TestScheduler(initialClock: 0)
        let maybe = maybeScheduler.start { Maybe<Int>.timer(.seconds(5), scheduler: maybeScheduler) }
        XCTAssertEqual(maybe.events, [.next(205, 0), .completed(205)])
    }

    func testUsingDisposesTheResourceAfterTheSingle() {
        let scheduler = TestScheduler(initialClock: 0)
        let resource = DisposalClock(scheduler)
        let res = scheduler.start {
            Single<Int>.using({ resource }) { _ in Single.just(4).delay(.seconds(10), scheduler: scheduler) }
        }
        XCTAssertEqual(res.events, [.next(210, 4), .completed(211)])
        XCTAssertEqual(resource.disposedAt, [211])
    }

    func testDebugKeepsTheTrait() {
        let single: Single<Int> = Single.just(1).debug("single", trimOutput: true)
        XCTAssertEqual(try single.toBlocking(timeout: 5).single(), 1)
    }

    // MARK: zip

    func testSingleZipOfEightWaitsForAllAndTheFirstFailureFailsIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let sources = (1...8).map { index in
            scheduler.createColdObservable([.next(TestTime(index * 10), index), .completed(TestTime(index * 10))]).asSingle()
        }
        let res = scheduler.start {
            Single.zip(sources[0], sources[1], sources[2], sources[3], sources[4], sources[5], sources[6], sources[7]) {
                $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7
            }
        }
        XCTAssertEqual(res.events, [.next(280, 36), .completed(280)])

        let failing = TestScheduler(initialClock: 0)
        let fine = failing.createColdObservable([.next(30, 1), .completed(30)])
        let broken = failing.createColdObservable([.error(10, SchedulingTestError(code: 3), Int.self)])
        let failed = failing.start { Single.zip(fine.asSingle(), broken.asSingle(), fine.asSingle()).map { $0 + $1 + $2 } }
        XCTAssertEqual(failed.events, [.error(210, SchedulingTestError(code: 3))])
    }

    func testSingleZipOfThreeMakesATuple() {
        let zipped = Single.zip(Single.just(1), Single.just("two"), Single.just(3.0))
        let value = try? zipped.toBlocking(timeout: 5).single()
        XCTAssertEqual(value?.0, 1)
        XCTAssertEqual(value?.1, "two")
        XCTAssertEqual(value?.2, 3.0)
    }

    /// As `Observable.zip` of two: an empty maybe ends the zip without a value once the other has ended too.
    func testMaybeZipCompletesEmptyOnceEveryMaybeHasEndedIfOneHadNoValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let late = scheduler.createColdObservable([.next(50, 1), .completed(50)])
        let empty = scheduler.createColdObservable([.completed(20, Int.self)])
        let res = scheduler.start { Maybe.zip(late.asMaybe(), empty.asMaybe()) { $0 + $1 } }
        XCTAssertEqual(res.events, [.completed(250)])
        XCTAssertEqual(empty.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(late.subscriptions, [Subscription(200, 250)])

        let both = Maybe.zip(Maybe.just(2), Maybe.just(3), Maybe.just(4), Maybe.just(5))
        let value = try? both.asObservable().toBlocking(timeout: 5).single()
        XCTAssertEqual(value.map { [$0.0, $0.1, $0.2, $0.3] }, [2, 3, 4, 5])
    }

    // MARK: async work

    func testSingleCreateRunsTheWorkInATask() throws {
        XCTAssertEqual(try Single<Int>.create(priority: .high) { 6 * 7 }.toBlocking(timeout: 5).single(), 42)
        XCTAssertEqual(try Single<Int>.create(detached: true) { 5 }.toBlocking(timeout: 5).single(), 5)
        XCTAssertThrowsError(try Single<Int>.from { throw SchedulingTestError(code: 4) }.toBlocking(timeout: 5).single()) {
            XCTAssertEqual($0 as? SchedulingTestError, SchedulingTestError(code: 4))
        }
    }

    func testMaybeAndCompletableFromAsyncWork() throws {
        XCTAssertEqual(try Maybe<Int>.from { 3 }.asObservable().toBlocking(timeout: 5).toArray(), [3])
        XCTAssertEqual(try Maybe<Int>.from(nil).asObservable().toBlocking(timeout: 5).toArray(), [])
        XCTAssertEqual(try Completable.from {}.asObservable().toBlocking(timeout: 5).toArray().count, 0)
    }
}
