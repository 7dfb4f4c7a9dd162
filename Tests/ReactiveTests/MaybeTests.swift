import Reactive
import ReactiveTesting
import XCTest

private struct MaybeTestError: Error, Equatable {
    let code: Int
}

final class MaybeTests: XCTestCase {
    /// Every event the maybe's subscriber sees, as text.
    private func record<Element>(_ maybe: Maybe<Element>) -> [String] {
        var records: [String] = []
        _ = maybe.subscribe(
            onSuccess: { records.append("success(\($0))") },
            onError: { records.append("error(\($0))") },
            onCompleted: { records.append("completed") }
        )
        return records
    }

    private func error(_ code: Int) -> String { "error(\(MaybeTestError(code: code)))" }

    // MARK: - Creation and subscription

    func testJustEmptyErrorNever() {
        XCTAssertEqual(record(Maybe.just(1)), ["success(1)"])
        XCTAssertEqual(record(Maybe<Int>.empty()), ["completed"])
        XCTAssertEqual(record(Maybe<Int>.error(MaybeTestError(code: 1))), [error(1)])
        XCTAssertEqual(record(Maybe<Int>.never()), [])
    }

    func testCreateDeliversOnlyTheFirstEvent() {
        var resourceDisposed = false
        let maybe = Maybe<Int>.create { observer in
            observer(.completed)
            observer(.success(1))
            return Disposables.create { resourceDisposed = true }
        }
        XCTAssertEqual(record(maybe), ["completed"])
        XCTAssertTrue(resourceDisposed)

        let success = Maybe<Int>.create { observer in
            observer(.success(2))
            observer(.error(MaybeTestError(code: 1)))
            return Disposables.create()
        }
        XCTAssertEqual(record(success), ["success(2)"])

        let failure = Maybe<Int>.create { observer in
            observer(.error(MaybeTestError(code: 3)))
            return Disposables.create()
        }
        XCTAssertEqual(record(failure), [error(3)])
    }

    func testSubscribeWithEventClosure() {
        var events: [String] = []
        let observer: (MaybeEvent<Int>) -> Void = { event in
            switch event {
            case .success(let value): events.append("success \(value)")
            case .error(let error): events.append("error \(error)")
            case .completed: events.append("completed")
            }
        }
        _ = Maybe.just(1).subscribe(observer)
        _ = Maybe<Int>.empty().subscribe(observer)
        XCTAssertEqual(events, ["success 1", "completed"])
    }

    func testOnDisposedRunsAfterTheEventAndOnDispose() {
        var log: [String] = []
        _ = Maybe<Int>.empty().subscribe(onCompleted: { log.append("completed") }, onDisposed: { log.append("disposed") })
        XCTAssertEqual(log, ["completed", "disposed"])

        log = []
        let subscription = Maybe<Int>.never().subscribe(onDisposed: { log.append("disposed") })
        XCTAssertEqual(log, [])
        subscription.dispose()
        XCTAssertEqual(log, ["disposed"])
    }

    func testSubscribeWithObject() {
        final class Owner { var log: [String] = [] }
        let owner = Owner()
        _ = Maybe.just(1).subscribe(with: owner, onSuccess: { owner, value in owner.log.append("success \(value)") })
        _ = Maybe<Int>.empty().subscribe(with: owner, onCompleted: { owner in owner.log.append("completed") })
        XCTAssertEqual(owner.log, ["success 1", "completed"])
    }

    // MARK: - asMaybe

    func testAsMaybe() {
        XCTAssertEqual(record(Observable<Int>.empty().asMaybe()), ["completed"])
        XCTAssertEqual(record(Observable.just(1).asMaybe()), ["success(1)"])
        XCTAssertEqual(record(Observable.of(1, 2).asMaybe()), ["error(\(RxError.moreThanOneElement))"])
        XCTAssertEqual(record(Observable<Int>.error(MaybeTestError(code: 4)).asMaybe()), [error(4)])
    }

    func testAsMaybeFailsAsSoonAsTheSecondElementArrives() {
        let subject = PublishSubject<Int>()
        var records: [String] = []
        _ = subject.asMaybe().subscribe(onSuccess: { records.append("success \($0)") }, onError: { records.append("error \($0)") })
        subject.onNext(1)
        XCTAssertEqual(records, [])
        subject.onNext(2)
        XCTAssertEqual(records, ["error \(RxError.moreThanOneElement)"])
        XCTAssertFalse(subject.hasObservers)
    }

    // MARK: - Operators

    func testMapAndFilter() {
        XCTAssertEqual(record(Maybe.just(2).map { $0 * 3 }), ["success(6)"])
        XCTAssertEqual(record(Maybe<Int>.empty().map { $0 * 3 }), ["completed"])
        XCTAssertEqual(record(Maybe.just(2).map { _ -> Int in throw MaybeTestError(code: 1) }), [error(1)])
        XCTAssertEqual(record(Maybe.just(2).filter { $0 > 1 }), ["success(2)"])
        XCTAssertEqual(record(Maybe.just(0).filter { $0 > 1 }), ["completed"])
    }

    func testCompactMap() {
        XCTAssertEqual(record(Maybe.just("5").compactMap { Int($0) }), ["success(5)"])
        XCTAssertEqual(record(Maybe.just("x").compactMap { Int($0) }), ["completed"])
    }

    func testFlatMap() {
        XCTAssertEqual(record(Maybe.just(1).flatMap { Maybe.just($0 + 1) }), ["success(2)"])
        XCTAssertEqual(record(Maybe.just(1).flatMap { _ in Maybe<Int>.empty() }), ["completed"])
        XCTAssertEqual(record(Maybe.just(1).flatMap { _ in Maybe<Int>.error(MaybeTestError(code: 2)) }), [error(2)])
    }

    func testFlatMapOfAnEmptyMaybeStaysEmpty() {
        var calls = 0
        let maybe = Maybe<Int>.empty().flatMap { value -> Maybe<Int> in
            calls += 1
            return .just(value)
        }
        XCTAssertEqual(record(maybe), ["completed"])
        XCTAssertEqual(calls, 0)
    }

    func testIfEmptyDefault() {
        var value: Int?
        _ = Maybe<Int>.empty().ifEmpty(default: 9).subscribe(onSuccess: { value = $0 })
        XCTAssertEqual(value, 9)
        _ = Maybe.just(1).ifEmpty(default: 9).subscribe(onSuccess: { value = $0 })
        XCTAssertEqual(value, 1)
        var failure: Error?
        _ = Maybe<Int>.error(MaybeTestError(code: 1)).ifEmpty(default: 9).subscribe(onFailure: { failure = $0 })
        XCTAssertEqual(failure as? MaybeTestError, MaybeTestError(code: 1))
    }

    func testIfEmptySwitchTo() {
        XCTAssertEqual(record(Maybe<Int>.empty().ifEmpty(switchTo: Maybe.just(3))), ["success(3)"])
        XCTAssertEqual(record(Maybe.just(1).ifEmpty(switchTo: Maybe.just(3))), ["success(1)"])
        XCTAssertEqual(record(Maybe<Int>.empty().ifEmpty(switchTo: Maybe.empty())), ["completed"])
        var value: Int?
        _ = Maybe<Int>.empty().ifEmpty(switchTo: Single.just(4)).subscribe(onSuccess: { value = $0 })
        XCTAssertEqual(value, 4)
    }

    func testIfEmptyDoesNotSubscribeTheAlternativeWhenThereIsAValue() {
        var subscriptions = 0
        let alternative = Maybe<Int>.deferred {
            subscriptions += 1
            return .just(0)
        }
        XCTAssertEqual(record(Maybe.just(1).ifEmpty(switchTo: alternative)), ["success(1)"])
        XCTAssertEqual(subscriptions, 0)
    }

    func testCatchAndReturnAndCatch() {
        XCTAssertEqual(record(Maybe<Int>.error(MaybeTestError(code: 1)).catchAndReturn(5)), ["success(5)"])
        XCTAssertEqual(record(Maybe<Int>.error(MaybeTestError(code: 1)).catch { _ in .empty() }), ["completed"])
    }

    func testRetry() {
        var attempts = 0
        let maybe = Maybe<Int>.create { observer in
            attempts += 1
            if attempts < 3 {
                observer(.error(MaybeTestError(code: attempts)))
            } else {
                observer(.completed)
            }
            return Disposables.create()
        }
        XCTAssertEqual(record(maybe.retry(3)), ["completed"])
        attempts = 0
        XCTAssertEqual(record(maybe.retry(2)), [error(2)])
    }

    func testDoCallsItsClosuresInRxSwiftsOrder() {
        var log: [String] = []
        _ = Maybe<Int>.empty().do(
            onNext: { log.append("onNext \($0)") },
            onCompleted: { log.append("onCompleted") },
            afterCompleted: { log.append("afterCompleted") },
            onSubscribe: { log.append("onSubscribe") },
            onSubscribed: { log.append("onSubscribed") },
            onDispose: { log.append("onDispose") }
        ).subscribe(onCompleted: { log.append("completed") })
        XCTAssertEqual(log, ["onSubscribe", "onCompleted", "completed", "afterCompleted", "onSubscribed", "onDispose"])
    }

    // MARK: - Virtual time

    func testAsMaybeOfAnEmptySequenceCompletesWithIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .completed(250, Int.self)])
        let res = scheduler.start { xs.asMaybe() }
        XCTAssertEqual(res.events, [.completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testIfEmptySwitchesWhenTheSourceCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.completed(10, Int.self)])
        let alternative = scheduler.createColdObservable([.next(20, 7), .completed(20)])
        let res = scheduler.start { xs.asMaybe().ifEmpty(switchTo: alternative.asSingle()) }
        XCTAssertEqual(res.events, [.next(230, 7), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(alternative.subscriptions, [Subscription(210, 230)])
    }
}
