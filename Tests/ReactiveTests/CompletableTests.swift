import Reactive
import ReactiveTesting
import XCTest

private struct CompletableTestError: Error, Equatable {
    let code: Int
}

final class CompletableTests: XCTestCase {
    /// Every event the completable's subscriber sees, as text.
    private func record(_ completable: Completable) -> [String] {
        var records: [String] = []
        _ = completable.subscribe(
            onCompleted: { records.append("completed") },
            onError: { records.append("error(\($0))") }
        )
        return records
    }

    private func error(_ code: Int) -> String { "error(\(CompletableTestError(code: code)))" }

    /// A completable that logs its subscription and completes when `subject` does.
    private func logged(_ name: String, _ subject: PublishSubject<Int>, log: @escaping (String) -> Void) -> Completable {
        Completable.deferred {
            log("subscribe \(name)")
            return subject.ignoreElements().asCompletable()
        }
    }

    // MARK: - Creation and subscription

    func testEmptyErrorNever() {
        XCTAssertEqual(record(Completable.empty()), ["completed"])
        XCTAssertEqual(record(Completable.error(CompletableTestError(code: 1))), [error(1)])
        XCTAssertEqual(record(Completable.never()), [])
    }

    func testCreateDeliversOnlyTheFirstEvent() {
        var resourceDisposed = false
        let completable = Completable.create { observer in
            observer(.completed)
            observer(.error(CompletableTestError(code: 1)))
            return Disposables.create { resourceDisposed = true }
        }
        XCTAssertEqual(record(completable), ["completed"])
        XCTAssertTrue(resourceDisposed)

        let failing = Completable.create { observer in
            observer(.error(CompletableTestError(code: 2)))
            observer(.completed)
            return Disposables.create()
        }
        XCTAssertEqual(record(failing), [error(2)])
    }

    func testSubscribeWithEventClosureAndDisposal() {
        var events: [String] = []
        _ = Completable.empty().subscribe { event in
            switch event {
            case .completed: events.append("completed")
            case .error(let error): events.append("error \(error)")
            }
        }
        XCTAssertEqual(events, ["completed"])

        var disposed = false
        let subscription = Completable.never().subscribe(onDisposed: { disposed = true })
        XCTAssertFalse(disposed)
        subscription.dispose()
        XCTAssertTrue(disposed)
    }

    func testSubscribeWithObject() {
        final class Owner { var completions = 0 }
        let owner = Owner()
        _ = Completable.empty().subscribe(with: owner, onCompleted: { owner in owner.completions += 1 })
        XCTAssertEqual(owner.completions, 1)
    }

    // MARK: - asCompletable

    func testAsCompletableIgnoresElements() {
        XCTAssertEqual(record(Observable.of(1, 2, 3).ignoreElements().asCompletable()), ["completed"])
        XCTAssertEqual(record(Observable<Int>.error(CompletableTestError(code: 3)).ignoreElements().asCompletable()), [error(3)])
    }

    func testAsCompletableWaitsForCompletion() {
        let subject = PublishSubject<Int>()
        var records: [String] = []
        _ = subject.ignoreElements().asCompletable().subscribe(onCompleted: { records.append("completed") })
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(records, [])
        subject.onCompleted()
        XCTAssertEqual(records, ["completed"])
    }

    // MARK: - andThen

    func testAndThenRunsTheSecondOnlyAfterTheFirstCompletes() {
        let first = PublishSubject<Int>()
        var log: [String] = []
        let single = Single<Int>.deferred {
            log.append("subscribe single")
            return .just(7)
        }
        _ = first.ignoreElements().asCompletable().andThen(single).subscribe(onSuccess: { log.append("success \($0)") })
        XCTAssertEqual(log, [])
        first.onCompleted()
        XCTAssertEqual(log, ["subscribe single", "success 7"])
    }

    func testAndThenSkipsTheSecondAfterAnError() {
        var subscribed = false
        let second = Completable.deferred {
            subscribed = true
            return .empty()
        }
        XCTAssertEqual(record(Completable.error(CompletableTestError(code: 1)).andThen(second)), [error(1)])
        XCTAssertFalse(subscribed)
    }

    func testAndThenEachTrait() {
        var single: Int?
        _ = Completable.empty().andThen(Single.just(1)).subscribe(onSuccess: { single = $0 })
        XCTAssertEqual(single, 1)

        var maybe: [String] = []
        _ = Completable.empty().andThen(Maybe<Int>.empty()).subscribe(
            onSuccess: { maybe.append("success \($0)") }, onCompleted: { maybe.append("completed") })
        XCTAssertEqual(maybe, ["completed"])

        XCTAssertEqual(record(Completable.empty().andThen(Completable.error(CompletableTestError(code: 2)))), [error(2)])

        var values: [Int] = []
        var completed = false
        _ = Completable.empty().andThen(Observable.of(1, 2, 3)).subscribe(
            onNext: { values.append($0) }, onCompleted: { completed = true })
        XCTAssertEqual(values, [1, 2, 3])
        XCTAssertTrue(completed)
    }

    func testDisposingAndThenDisposesTheSecond() {
        let second = PublishSubject<Int>()
        let subscription = Completable.empty().andThen(second.asObservable()).subscribe()
        XCTAssertTrue(second.hasObservers)
        subscription.dispose()
        XCTAssertFalse(second.hasObservers)
    }

    // MARK: - concat, merge, zip

    func testConcatRunsInOrder() {
        let subjects = [PublishSubject<Int>(), PublishSubject<Int>(), PublishSubject<Int>()]
        var log: [String] = []
        let completables = subjects.enumerated().map { index, subject in logged("\(index)", subject) { log.append($0) } }
        _ = Completable.concat(completables).subscribe(onCompleted: { log.append("completed") })
        XCTAssertEqual(log, ["subscribe 0"])
        subjects[0].onCompleted()
        XCTAssertEqual(log, ["subscribe 0", "subscribe 1"])
        subjects[1].onCompleted()
        subjects[2].onCompleted()
        XCTAssertEqual(log, ["subscribe 0", "subscribe 1", "subscribe 2", "completed"])
    }

    func testConcatStopsAtAnError() {
        var subscribed = false
        let last = Completable.deferred {
            subscribed = true
            return .empty()
        }
        XCTAssertEqual(record(Completable.concat(.empty(), .error(CompletableTestError(code: 1)), last)), [error(1)])
        XCTAssertFalse(subscribed)
    }

    func testConcatVariants() {
        XCTAssertEqual(record(Completable.empty().concat(.empty())), ["completed"])
        XCTAssertEqual(record(Completable.concat(AnySequence([Completable.empty(), .empty()]))), ["completed"])
        XCTAssertEqual(record(Completable.concat([Completable]())), ["completed"])
    }

    func testALongConcatOfSynchronousCompletablesRunsInConstantStack() {
        var subscriptions = 0
        let one = Completable.deferred {
            subscriptions += 1
            return .empty()
        }
        XCTAssertEqual(record(Completable.concat(Array(repeating: one, count: 100_000))), ["completed"])
        XCTAssertEqual(subscriptions, 100_000)
    }

    func testMergeCompletesWhenAllHaveCompleted() {
        let subjects = [PublishSubject<Int>(), PublishSubject<Int>()]
        var log: [String] = []
        let completables = subjects.enumerated().map { index, subject in logged("\(index)", subject) { log.append($0) } }
        _ = Completable.merge(completables).subscribe(onCompleted: { log.append("completed") })
        XCTAssertEqual(log, ["subscribe 0", "subscribe 1"])
        subjects[1].onCompleted()
        XCTAssertEqual(log, ["subscribe 0", "subscribe 1"])
        subjects[0].onCompleted()
        XCTAssertEqual(log, ["subscribe 0", "subscribe 1", "completed"])
    }

    func testMergeFailsOnTheFirstErrorAndDisposesTheOthers() {
        let other = PublishSubject<Int>()
        XCTAssertEqual(record(Completable.merge(other.ignoreElements().asCompletable(), .error(CompletableTestError(code: 1)))), [error(1)])
        XCTAssertFalse(other.hasObservers)
    }

    func testZipAndEmptyMerge() {
        XCTAssertEqual(record(Completable.zip(.empty(), .empty())), ["completed"])
        XCTAssertEqual(record(Completable.zip([Completable.empty(), .error(CompletableTestError(code: 2))])), [error(2)])
        XCTAssertEqual(record(Completable.merge([Completable]())), ["completed"])
    }

    func testDoCallsItsClosuresInRxSwiftsOrder() {
        var log: [String] = []
        _ = Completable.error(CompletableTestError(code: 1)).do(
            onError: { _ in log.append("onError") },
            afterError: { _ in log.append("afterError") },
            onCompleted: { log.append("onCompleted") },
            onSubscribe: { log.append("onSubscribe") },
            onSubscribed: { log.append("onSubscribed") },
            onDispose: { log.append("onDispose") }
        ).subscribe(onError: { _ in log.append("error") })
        XCTAssertEqual(log, ["onSubscribe", "onError", "error", "afterError", "onSubscribed", "onDispose"])
    }

    // MARK: - Virtual time

    func testConcatSubscribesEachAfterThePrevious() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.next(5, 1), .completed(10)])
        let second = scheduler.createColdObservable([.completed(20, Never.self)])
        let res = scheduler.start { Completable.concat(first.ignoreElements().asCompletable(), second.asCompletable()) }
        XCTAssertEqual(res.events, [.completed(230)])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(second.subscriptions, [Subscription(210, 230)])
    }

    func testAndThenSubscribesTheSecondAtCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.completed(10, Never.self)])
        let second = scheduler.createColdObservable([.next(5, 1), .completed(5)])
        let res = scheduler.start { first.asCompletable().andThen(second.asSingle()) }
        XCTAssertEqual(res.events, [.next(215, 1), .completed(215)])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(second.subscriptions, [Subscription(210, 215)])
    }

    func testMergeSubscribesToAllAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.completed(30, Never.self)])
        let second = scheduler.createColdObservable([.completed(10, Never.self)])
        let res = scheduler.start { Completable.merge(first.asCompletable(), second.asCompletable()) }
        XCTAssertEqual(res.events, [.completed(230)])
        XCTAssertEqual(first.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(second.subscriptions, [Subscription(200, 210)])
    }

    func testASequenceOfNeverBecomesACompletableWithItsElementInferred() {
        let scheduler = TestScheduler(initialClock: 0)
        // As RxSwift declares `asCompletable` (only where Element == Never), the recorded events
        // need no element type: `asCompletable` names it.
        let res = scheduler.start { scheduler.createColdObservable([.completed(20)]).asCompletable() }
        XCTAssertEqual(res.events, [.completed(220)])
    }
}
