import Reactive
import ReactiveTesting
import XCTest

private enum RetryTestError: Error { case failed, gaveUp }
private enum OtherRetryTestError: Error { case unrelated }

final class RetryTests: XCTestCase {
    // MARK: retry()

    func testRetryWithoutErrorsSubscribesOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(100, 1), .next(150, 2), .next(200, 3), .completed(250)])

        let res = scheduler.start { xs.retry() }

        XCTAssertEqual(res.events, [.next(300, 1), .next(350, 2), .next(400, 3), .completed(450)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 450)])
    }

    func testRetryResubscribesAfterEveryErrorUntilDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([
            .next(100, 1), .next(150, 2), .next(200, 3), .error(250, RetryTestError.failed),
        ])

        let res = scheduler.start(disposed: 1100) { xs.retry() }

        XCTAssertEqual(
            res.events,
            [
                .next(300, 1), .next(350, 2), .next(400, 3),
                .next(550, 1), .next(600, 2), .next(650, 3),
                .next(800, 1), .next(850, 2), .next(900, 3),
                .next(1050, 1),
            ])
        XCTAssertEqual(
            xs.subscriptions,
            [
                Subscription(200, 450), Subscription(450, 700), Subscription(700, 950), Subscription(950, 1100),
            ])
    }

    // MARK: retry(_:)

    func testRetryCountGivesUpWithTheLastError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .next(10, 2), .error(20, RetryTestError.failed)])

        let res = scheduler.start { xs.retry(3) }

        XCTAssertEqual(
            res.events,
            [
                .next(205, 1), .next(210, 2),
                .next(225, 1), .next(230, 2),
                .next(245, 1), .next(250, 2),
                .error(260, RetryTestError.failed),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
    }

    func testRetryCountStopsAtTheFirstCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        var attempts = 0
        let xs = Observable<Int>.create { observer in
            attempts += 1
            if attempts < 2 {
                observer.onError(RetryTestError.failed)
            } else {
                observer.onNext(attempts)
                observer.onCompleted()
            }
            return Disposables.create()
        }

        let res = scheduler.start { xs.retry(5) }

        XCTAssertEqual(res.events, [.next(200, 2), .completed(200)])
        XCTAssertEqual(attempts, 2)
    }

    func testRetryZeroTimesCompletesWithoutSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .completed(20)])

        let res = scheduler.start { xs.retry(0) }

        XCTAssertEqual(res.events, [.completed(200)])
        XCTAssertEqual(xs.subscriptions, [])
    }

    func testRetryOfASynchronousFailureRunsAsALoop() {
        var attempts = 0
        let xs = Observable<Int>.create { observer in
            attempts += 1
            observer.onError(RetryTestError.failed)
            return Disposables.create()
        }
        var receivedError: Error?

        _ = xs.retry(50_000).subscribe(onError: { receivedError = $0 })

        XCTAssertEqual(attempts, 50_000)
        XCTAssertEqual(receivedError as? RetryTestError, .failed)
    }

    // MARK: retry(when:)

    func testRetryWhenResubscribesWhenTheTriggerEmits() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, RetryTestError.failed)])

        let res = scheduler.start(disposed: 300) {
            xs.retry(when: { (errors: Observable<Error>) in errors })
        }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 1), .next(250, 1), .next(270, 1), .next(290, 1)])
        XCTAssertEqual(
            xs.subscriptions,
            [
                Subscription(200, 220), Subscription(220, 240), Subscription(240, 260), Subscription(260, 280),
                Subscription(280, 300),
            ])
    }

    func testRetryWhenWaitsForADelayedTrigger() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, RetryTestError.failed)])

        let res = scheduler.start(disposed: 400) {
            xs.retry(when: { (errors: Observable<Error>) in errors.delay(.seconds(50), scheduler: scheduler) })
        }

        XCTAssertEqual(res.events, [.next(210, 1), .next(280, 1), .next(350, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(270, 290), Subscription(340, 360)])
    }

    func testRetryWhenTriggerErrorEndsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, RetryTestError.failed)])

        let res = scheduler.start {
            xs.retry(when: { (errors: Observable<Error>) in
                errors.scan(0) { count, _ in count + 1 }.map { count -> Int in
                    if count >= 3 { throw RetryTestError.gaveUp }
                    return count
                }
            })
        }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 1), .next(250, 1), .error(260, RetryTestError.gaveUp)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
    }

    func testRetryWhenTriggerCompletionCompletesTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, RetryTestError.failed)])

        let res = scheduler.start { xs.retry(when: { (_: Observable<Error>) in Observable<Int>.empty() }) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testRetryWhenSourceCompletionCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])

        let res = scheduler.start { xs.retry(when: { (errors: Observable<Error>) in errors }) }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testRetryWhenTypedHandlerPassesOtherErrorsOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, OtherRetryTestError.unrelated)])
        var handledErrors: [RetryTestError] = []

        let res = scheduler.start {
            xs.retry(when: { (errors: Observable<RetryTestError>) in
                errors.map { error -> Int in
                    handledErrors.append(error)
                    return 0
                }
            })
        }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, OtherRetryTestError.unrelated)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(handledErrors, [])
    }

    func testRetryWhenTypedHandlerRetriesItsOwnErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, RetryTestError.failed)])

        let res = scheduler.start(disposed: 250) {
            xs.retry(when: { (errors: Observable<RetryTestError>) in errors })
        }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 240), Subscription(240, 250)])
    }

    func testRetryWhenDisposalWhileWaitingForTheTrigger() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, RetryTestError.failed)])
        let trigger = scheduler.createHotObservable([.next(500, 0)])

        let res = scheduler.start(disposed: 300) {
            xs.retry(when: { (_: Observable<Error>) in trigger })
        }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(trigger.subscriptions, [Subscription(200, 300)])
    }

    @available(*, deprecated, message: "exercises the deprecated spelling")
    func testDeprecatedRetryWhenSpelling() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, RetryTestError.failed)])

        let res = scheduler.start { xs.retryWhen { (_: Observable<Error>) in Observable<Int>.empty() } }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
    }
}
