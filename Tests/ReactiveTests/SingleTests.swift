import Reactive
import ReactiveTesting
import XCTest

private struct SingleTestError: Error, Equatable {
    let code: Int
}

/// What a Single subscriber saw, in a comparable form.
private enum SingleRecord<Element: Equatable>: Equatable {
    case success(Element)
    case failure(String)
}

private func failure(_ error: Error) -> String { String(describing: error) }

final class SingleTests: XCTestCase {
    private func record<Element: Equatable>(_ single: Single<Element>) -> [SingleRecord<Element>] {
        var records: [SingleRecord<Element>] = []
        _ = single.subscribe(
            onSuccess: { records.append(.success($0)) },
            onFailure: { records.append(.failure(failure($0))) }
        )
        return records
    }

    private func recordMaybe<Element: Equatable>(_ maybe: Maybe<Element>) -> [String] {
        var records: [String] = []
        _ = maybe.subscribe(
            onSuccess: { records.append("success(\($0))") },
            onError: { records.append("error(\(failure($0)))") },
            onCompleted: { records.append("completed") }
        )
        return records
    }

    // MARK: - Creation and subscription

    func testJustSucceeds() {
        XCTAssertEqual(record(Single.just(1)), [.success(1)])
    }

    func testErrorFails() {
        XCTAssertEqual(record(Single<Int>.error(SingleTestError(code: 1))), [.failure(failure(SingleTestError(code: 1)))])
    }

    func testNeverSendsNothingAndDisposes() {
        var disposed = false
        var records: [String] = []
        let subscription = Single<Int>.never().subscribe(
            onSuccess: { records.append("success \($0)") },
            onFailure: { records.append("failure \($0)") },
            onDisposed: { disposed = true }
        )
        XCTAssertEqual(records, [])
        XCTAssertFalse(disposed)
        subscription.dispose()
        XCTAssertTrue(disposed)
    }

    func testCreateDeliversOnlyTheFirstEventAndReleasesItsResource() {
        var resourceDisposed = false
        let single = Single<Int>.create { observer in
            observer(.success(1))
            observer(.success(2))
            observer(.failure(SingleTestError(code: 3)))
            return Disposables.create { resourceDisposed = true }
        }
        XCTAssertEqual(record(single), [.success(1)])
        XCTAssertTrue(resourceDisposed)
    }

    func testCreateFailure() {
        let single = Single<Int>.create { observer in
            observer(.failure(SingleTestError(code: 7)))
            return Disposables.create()
        }
        XCTAssertEqual(record(single), [.failure(failure(SingleTestError(code: 7)))])
    }

    func testDisposingBeforeTheEventDisposesTheResource() {
        var resourceDisposed = false
        var send: ((SingleEvent<Int>) -> Void)?
        let single = Single<Int>.create { observer in
            send = observer
            return Disposables.create { resourceDisposed = true }
        }
        var records: [Int] = []
        let subscription = single.subscribe(onSuccess: { records.append($0) })
        subscription.dispose()
        XCTAssertTrue(resourceDisposed)
        send?(.success(1))
        XCTAssertEqual(records, [])
    }

    func testSubscribeWithEventClosure() {
        var events: [String] = []
        _ = Single.just(5).subscribe { event in
            switch event {
            case .success(let value): events.append("success \(value)")
            case .failure(let error): events.append("failure \(error)")
            }
        }
        XCTAssertEqual(events, ["success 5"])
    }

    func testOnDisposedRunsAfterSuccess() {
        var log: [String] = []
        _ = Single.just(1).subscribe(
            onSuccess: { log.append("success \($0)") },
            onDisposed: { log.append("disposed") }
        )
        XCTAssertEqual(log, ["success 1", "disposed"])
    }

    func testSubscribeWithObjectPassesTheObject() {
        final class Owner { var values: [Int] = [] }
        let owner = Owner()
        _ = Single.just(3).subscribe(with: owner, onSuccess: { owner, value in owner.values.append(value) })
        XCTAssertEqual(owner.values, [3])
    }

    func testSubscribeWithObjectSkipsReleasedObject() {
        final class Owner {}
        var calls = 0
        var send: ((SingleEvent<Int>) -> Void)?
        let single = Single<Int>.create { observer in
            send = observer
            return Disposables.create()
        }
        var owner: Owner? = Owner()
        _ = single.subscribe(with: owner!, onSuccess: { _, _ in calls += 1 })
        owner = nil
        send?(.success(1))
        XCTAssertEqual(calls, 0)
        XCTAssertNil(owner)
    }

    func testDeferredCallsTheFactoryPerSubscription() {
        var calls = 0
        let single = Single<Int>.deferred {
            calls += 1
            return .just(calls)
        }
        XCTAssertEqual(calls, 0)
        XCTAssertEqual(record(single), [.success(1)])
        XCTAssertEqual(record(single), [.success(2)])
    }

    func testDeferredFactoryErrorFails() {
        let single = Single<Int>.deferred { throw SingleTestError(code: 4) }
        XCTAssertEqual(record(single), [.failure(failure(SingleTestError(code: 4)))])
    }

    // MARK: - asSingle

    func testAsSingleOfOneElement() {
        XCTAssertEqual(record(Observable.just(1).asSingle()), [.success(1)])
    }

    func testAsSingleOfNoElementsFailsWithNoElements() {
        XCTAssertEqual(record(Observable<Int>.empty().asSingle()), [.failure(failure(RxError.noElements))])
    }

    func testAsSingleOfTwoElementsFailsWithMoreThanOneElement() {
        XCTAssertEqual(record(Observable.of(1, 2).asSingle()), [.failure(failure(RxError.moreThanOneElement))])
    }

    func testAsSingleFailsAsSoonAsTheSecondElementArrives() {
        let subject = PublishSubject<Int>()
        var records: [SingleRecord<Int>] = []
        var error: Error?
        _ = subject.asSingle().subscribe(
            onSuccess: { records.append(.success($0)) },
            onFailure: { error = $0 }
        )
        subject.onNext(1)
        XCTAssertNil(error)
        subject.onNext(2)
        XCTAssertEqual(error as? RxError, .moreThanOneElement)
        XCTAssertEqual(records, [])
        XCTAssertFalse(subject.hasObservers)
    }

    func testAsSingleWaitsForCompletion() {
        let subject = PublishSubject<Int>()
        var records: [SingleRecord<Int>] = []
        _ = subject.asSingle().subscribe(onSuccess: { records.append(.success($0)) })
        subject.onNext(1)
        XCTAssertEqual(records, [])
        subject.onCompleted()
        XCTAssertEqual(records, [.success(1)])
    }

    func testAsSinglePassesTheError() {
        let single = Observable<Int>.error(SingleTestError(code: 9)).asSingle()
        XCTAssertEqual(record(single), [.failure(failure(SingleTestError(code: 9)))])
    }

    func testAsSingleKeepsAnOptionalNilElement() {
        let single: Single<Int?> = Observable.just(nil).asSingle()
        XCTAssertEqual(record(single), [.success(nil)])
    }

    // MARK: - Operators

    func testMap() {
        XCTAssertEqual(record(Single.just(2).map { $0 * 10 }), [.success(20)])
    }

    func testMapThrowingFails() {
        let single = Single.just(2).map { _ -> Int in throw SingleTestError(code: 2) }
        XCTAssertEqual(record(single), [.failure(failure(SingleTestError(code: 2)))])
    }

    func testFilterGivesAMaybe() {
        XCTAssertEqual(recordMaybe(Single.just(2).filter { $0 > 1 }), ["success(2)"])
        XCTAssertEqual(recordMaybe(Single.just(0).filter { $0 > 1 }), ["completed"])
    }

    func testCompactMap() {
        XCTAssertEqual(recordMaybe(Single.just("7").compactMap { Int($0) }), ["success(7)"])
        XCTAssertEqual(recordMaybe(Single.just("x").compactMap { Int($0) }), ["completed"])
    }

    func testFlatMap() {
        XCTAssertEqual(record(Single.just(2).flatMap { Single.just($0 + 1) }), [.success(3)])
    }

    func testFlatMapInnerFailureFails() {
        let single = Single.just(2).flatMap { _ in Single<Int>.error(SingleTestError(code: 5)) }
        XCTAssertEqual(record(single), [.failure(failure(SingleTestError(code: 5)))])
    }

    func testFlatMapSelectorThrowingFails() {
        let single = Single.just(2).flatMap { _ -> Single<Int> in throw SingleTestError(code: 6) }
        XCTAssertEqual(record(single), [.failure(failure(SingleTestError(code: 6)))])
    }

    func testFlatMapSourceFailureSkipsTheSelector() {
        var calls = 0
        let single = Single<Int>.error(SingleTestError(code: 1)).flatMap { value -> Single<Int> in
            calls += 1
            return .just(value)
        }
        XCTAssertEqual(record(single), [.failure(failure(SingleTestError(code: 1)))])
        XCTAssertEqual(calls, 0)
    }

    func testFlatMapWaitsForTheInnerSingle() {
        let inner = PublishSubject<Int>()
        var records: [SingleRecord<Int>] = []
        let subscription = Single.just(1).flatMap { _ in inner.asSingle() }.subscribe(onSuccess: { records.append(.success($0)) })
        XCTAssertEqual(records, [])
        inner.onNext(10)
        inner.onCompleted()
        XCTAssertEqual(records, [.success(10)])
        subscription.dispose()
    }

    func testDisposingFlatMapDisposesTheInnerSingle() {
        let inner = PublishSubject<Int>()
        let subscription = Single.just(1).flatMap { _ in inner.asSingle() }.subscribe()
        XCTAssertTrue(inner.hasObservers)
        subscription.dispose()
        XCTAssertFalse(inner.hasObservers)
    }

    func testFlatMapMaybe() {
        XCTAssertEqual(recordMaybe(Single.just(1).flatMapMaybe { Maybe.just($0 + 1) }), ["success(2)"])
        XCTAssertEqual(recordMaybe(Single.just(1).flatMapMaybe { _ in Maybe<Int>.empty() }), ["completed"])
    }

    func testFlatMapCompletable() {
        var log: [String] = []
        _ = Single.just(1).flatMapCompletable { value in
            log.append("selector \(value)")
            return Completable.empty()
        }.subscribe(onCompleted: { log.append("completed") }, onError: { log.append("error \($0)") })
        XCTAssertEqual(log, ["selector 1", "completed"])
    }

    func testAsMaybeAndAsCompletable() {
        XCTAssertEqual(recordMaybe(Single.just(4).asMaybe()), ["success(4)"])
        var completed = false
        _ = Single.just(4).asCompletable().subscribe(onCompleted: { completed = true })
        XCTAssertTrue(completed)
        var error: Error?
        _ = Single<Int>.error(SingleTestError(code: 8)).asCompletable().subscribe(onError: { error = $0 })
        XCTAssertEqual(error as? SingleTestError, SingleTestError(code: 8))
    }

    func testCatchAndReturn() {
        XCTAssertEqual(record(Single<Int>.error(SingleTestError(code: 1)).catchAndReturn(42)), [.success(42)])
        XCTAssertEqual(record(Single.just(1).catchAndReturn(42)), [.success(1)])
    }

    func testCatchSwitchesToTheFallback() {
        var caught: Error?
        let single = Single<Int>.error(SingleTestError(code: 1)).catch { error in
            caught = error
            return .just(2)
        }
        XCTAssertEqual(record(single), [.success(2)])
        XCTAssertEqual(caught as? SingleTestError, SingleTestError(code: 1))
    }

    func testCatchDoesNotCatchTheFallbacksError() {
        let single = Single<Int>.error(SingleTestError(code: 1)).catch { _ in .error(SingleTestError(code: 2)) }
        XCTAssertEqual(record(single), [.failure(failure(SingleTestError(code: 2)))])
    }

    func testCatchHandlerThrowingFails() {
        let single = Single<Int>.error(SingleTestError(code: 1)).catch { _ in throw SingleTestError(code: 3) }
        XCTAssertEqual(record(single), [.failure(failure(SingleTestError(code: 3)))])
    }

    private func failing(times: Int, subscriptions: @escaping () -> Void) -> Single<Int> {
        var attempts = 0
        return Single<Int>.create { observer in
            attempts += 1
            subscriptions()
            if attempts <= times {
                observer(.failure(SingleTestError(code: attempts)))
            } else {
                observer(.success(attempts))
            }
            return Disposables.create()
        }
    }

    func testRetrySubscribesAgainUntilSuccess() {
        var subscriptions = 0
        let single = failing(times: 2) { subscriptions += 1 }.retry(3)
        XCTAssertEqual(record(single), [.success(3)])
        XCTAssertEqual(subscriptions, 3)
    }

    func testRetryGivesUpAfterMaxAttemptsWithTheLastError() {
        var subscriptions = 0
        let single = failing(times: 5) { subscriptions += 1 }.retry(2)
        XCTAssertEqual(record(single), [.failure(failure(SingleTestError(code: 2)))])
        XCTAssertEqual(subscriptions, 2)
    }

    func testRetryWithoutLimit() {
        var subscriptions = 0
        let single = failing(times: 100) { subscriptions += 1 }.retry()
        XCTAssertEqual(record(single), [.success(101)])
        XCTAssertEqual(subscriptions, 101)
    }

    func testManySynchronousRetriesRunInConstantStack() {
        var subscriptions = 0
        let single = failing(times: .max) { subscriptions += 1 }.retry(100_000)
        XCTAssertEqual(record(single), [.failure(failure(SingleTestError(code: 100_000)))])
        XCTAssertEqual(subscriptions, 100_000)
    }

    func testRetryResubscribesAfterAnAsynchronousFailure() {
        let subjects = [PublishSubject<Int>(), PublishSubject<Int>()]
        var index = 0
        let single = Single<Int>.deferred {
            defer { index += 1 }
            return subjects[index].asSingle()
        }.retry(2)
        var records: [SingleRecord<Int>] = []
        _ = single.subscribe(onSuccess: { records.append(.success($0)) })
        subjects[0].onError(SingleTestError(code: 1))
        XCTAssertFalse(subjects[0].hasObservers)
        XCTAssertTrue(subjects[1].hasObservers)
        subjects[1].onNext(5)
        subjects[1].onCompleted()
        XCTAssertEqual(records, [.success(5)])
    }

    func testDoCallsItsClosuresInRxSwiftsOrder() {
        var log: [String] = []
        _ = Single.just(1).do(
            onSuccess: { log.append("onSuccess \($0)") },
            afterSuccess: { log.append("afterSuccess \($0)") },
            onError: { _ in log.append("onError") },
            afterError: { _ in log.append("afterError") },
            onSubscribe: { log.append("onSubscribe") },
            onSubscribed: { log.append("onSubscribed") },
            onDispose: { log.append("onDispose") }
        ).subscribe(onSuccess: { log.append("success \($0)") })
        XCTAssertEqual(log, ["onSubscribe", "onSuccess 1", "success 1", "afterSuccess 1", "onSubscribed", "onDispose"])
    }

    func testDoOnErrorAndThrowingOnSuccess() {
        var log: [String] = []
        _ = Single<Int>.error(SingleTestError(code: 1)).do(
            onError: { log.append("onError \(failure($0))") },
            afterError: { log.append("afterError \(failure($0))") }
        ).subscribe(onFailure: { log.append("failure \(failure($0))") })
        let error = failure(SingleTestError(code: 1))
        XCTAssertEqual(log, ["onError \(error)", "failure \(error)", "afterError \(error)"])

        let single = Single.just(1).do(onSuccess: { _ in throw SingleTestError(code: 2) })
        XCTAssertEqual(record(single), [.failure(failure(SingleTestError(code: 2)))])
    }

    // MARK: - zip

    func testZipOfTwoGivesAPair() {
        var result: (Int, String)?
        _ = Single.zip(Single.just(1), Single.just("a")).subscribe(onSuccess: { result = $0 })
        XCTAssertEqual(result?.0, 1)
        XCTAssertEqual(result?.1, "a")
    }

    func testZipOfTwoWithResultSelector() {
        XCTAssertEqual(record(Single.zip(Single.just(2), Single.just(3)) { $0 * $1 }), [.success(6)])
    }

    func testZipWaitsForBoth() {
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        var records: [SingleRecord<Int>] = []
        _ = Single.zip(first.asSingle(), second.asSingle()) { $0 + $1 }.subscribe(onSuccess: { records.append(.success($0)) })
        second.onNext(2)
        second.onCompleted()
        XCTAssertEqual(records, [])
        first.onNext(1)
        first.onCompleted()
        XCTAssertEqual(records, [.success(3)])
    }

    func testZipFailsOnTheFirstFailureAndDisposesTheOthers() {
        let other = PublishSubject<Int>()
        let single = Single.zip(other.asSingle(), Single<Int>.error(SingleTestError(code: 1))) { $0 + $1 }
        XCTAssertEqual(record(single), [.failure(failure(SingleTestError(code: 1)))])
        XCTAssertFalse(other.hasObservers)
    }

    func testZipOfACollection() {
        XCTAssertEqual(record(Single.zip([Single.just(1), Single.just(2), Single.just(3)])), [.success([1, 2, 3])])
        XCTAssertEqual(record(Single.zip([Single.just(1), Single.just(2)]) { $0.reduce(0, +) }), [.success(3)])
    }

    func testZipOfAnEmptyCollectionSucceedsWithAnEmptyArray() {
        XCTAssertEqual(record(Single.zip([Single<Int>]())), [.success([])])
    }

    // MARK: - Virtual time

    func testAsSingleEmitsAtCompletionAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .completed(250)])
        let res = scheduler.start { xs.asSingle() }
        XCTAssertEqual(res.events, [.next(250, 1), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testAsSingleFailsAtTheSecondElementAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { xs.asSingle() }
        XCTAssertEqual(res.events, [.error(220, RxError.moreThanOneElement)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testZipSubscribesToBothAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let second = scheduler.createColdObservable([.next(30, 2), .completed(30)])
        let res = scheduler.start { Single.zip(first.asSingle(), second.asSingle()) { $0 + $1 } }
        XCTAssertEqual(res.events, [.next(230, 3), .completed(230)])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(second.subscriptions, [Subscription(200, 230)])
    }

    func testFlatMapSubscribesTheInnerSingleAfterTheValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let outer = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let inner = scheduler.createColdObservable([.next(20, 5), .completed(20)])
        let res = scheduler.start { outer.asSingle().flatMap { value in inner.asSingle().map { $0 + value } } }
        XCTAssertEqual(res.events, [.next(230, 6), .completed(230)])
        XCTAssertEqual(outer.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 230)])
    }

    func testRetrySubscribesAgainAfterEachFailure() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.error(10, SingleTestError(code: 1), Int.self)])
        let res = scheduler.start { xs.asSingle().retry(3) }
        XCTAssertEqual(res.events, [.error(230, SingleTestError(code: 1))])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210), Subscription(210, 220), Subscription(220, 230)])
    }

    func testCatchSubscribesTheFallbackAtTheFailure() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.error(10, SingleTestError(code: 1), Int.self)])
        let fallback = scheduler.createColdObservable([.next(5, 2), .completed(5)])
        let res = scheduler.start { xs.asSingle().catch { _ in fallback.asSingle() } }
        XCTAssertEqual(res.events, [.next(215, 2), .completed(215)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(fallback.subscriptions, [Subscription(210, 215)])
    }

    func testDisposalUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let res = scheduler.start(disposed: 300) { xs.asSingle().map { $0 + 1 } }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }
}
