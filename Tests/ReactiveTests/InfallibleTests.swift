import Reactive
import ReactiveTesting
import XCTest

private struct InfallibleTestError: Error, Equatable {
    let code: Int
}

final class InfallibleTests: XCTestCase {
    /// Every event the infallible's subscriber sees, as text.
    private func record<Element>(_ infallible: Infallible<Element>) -> [String] {
        var records: [String] = []
        _ = infallible.subscribe(
            onNext: { records.append("next(\($0))") },
            onCompleted: { records.append("completed") }
        )
        return records
    }

    private let failing = Observable<Int>.create { observer in
        observer.onNext(1)
        observer.onError(InfallibleTestError(code: 1))
        return Disposables.create()
    }

    // MARK: - asInfallible

    func testOnErrorJustReturnReplacesTheErrorAndCompletes() {
        XCTAssertEqual(record(failing.asInfallible(onErrorJustReturn: 0)), ["next(1)", "next(0)", "completed"])
        XCTAssertEqual(record(Observable.of(1, 2).asInfallible(onErrorJustReturn: 0)), ["next(1)", "next(2)", "completed"])
    }

    func testOnErrorFallbackTo() {
        XCTAssertEqual(record(failing.asInfallible(onErrorFallbackTo: .of(8, 9))), ["next(1)", "next(8)", "next(9)", "completed"])
    }

    func testOnErrorRecoverReceivesTheError() {
        var received: Error?
        let infallible = failing.asInfallible(onErrorRecover: { error in
            received = error
            return .just(5)
        })
        XCTAssertEqual(record(infallible), ["next(1)", "next(5)", "completed"])
        XCTAssertEqual(received as? InfallibleTestError, InfallibleTestError(code: 1))
    }

    func testTraitsConvertToo() {
        XCTAssertEqual(
            record(Single<Int>.error(InfallibleTestError(code: 1)).asInfallible(onErrorJustReturn: 3)), ["next(3)", "completed"])
    }

    func testDisposingDisposesTheSource() {
        let subject = PublishSubject<Int>()
        let subscription = subject.asInfallible(onErrorJustReturn: 0).subscribe()
        XCTAssertTrue(subject.hasObservers)
        subscription.dispose()
        XCTAssertFalse(subject.hasObservers)
    }

    // MARK: - Creation and subscription

    func testFactories() {
        XCTAssertEqual(record(Infallible.just(1)), ["next(1)", "completed"])
        XCTAssertEqual(record(Infallible<Int>.empty()), ["completed"])
        XCTAssertEqual(record(Infallible<Int>.never()), [])
        XCTAssertEqual(record(Infallible.of(1, 2)), ["next(1)", "next(2)", "completed"])
        XCTAssertEqual(record(Infallible.from([3, 4])), ["next(3)", "next(4)", "completed"])
    }

    func testCreate() {
        var resourceDisposed = false
        let infallible = Infallible<Int>.create { observer in
            observer(.next(1))
            observer(.completed)
            observer(.next(2))
            return Disposables.create { resourceDisposed = true }
        }
        XCTAssertEqual(record(infallible), ["next(1)", "completed"])
        XCTAssertTrue(resourceDisposed)
    }

    func testDeferredCallsTheFactoryPerSubscription() {
        var calls = 0
        let infallible = Infallible<Int>.deferred {
            calls += 1
            return .just(calls)
        }
        XCTAssertEqual(record(infallible), ["next(1)", "completed"])
        XCTAssertEqual(record(infallible), ["next(2)", "completed"])
    }

    func testSubscribeWithEventsAndDisposal() {
        var events: [String] = []
        _ = Infallible.just(1).subscribe { events.append("\($0)") }
        XCTAssertEqual(events, ["next(1)", "completed"])

        var disposed = false
        let subscription = Infallible<Int>.never().subscribe(onDisposed: { disposed = true })
        subscription.dispose()
        XCTAssertTrue(disposed)
    }

    func testSubscribeWithObject() {
        final class Owner { var values: [Int] = [] }
        let owner = Owner()
        _ = Infallible.of(1, 2).subscribe(with: owner, onNext: { owner, value in owner.values.append(value) })
        XCTAssertEqual(owner.values, [1, 2])
    }

    // MARK: - Operators

    func testMapFilterScan() {
        XCTAssertEqual(record(Infallible.of(1, 2, 3).map { $0 * 2 }), ["next(2)", "next(4)", "next(6)", "completed"])
        XCTAssertEqual(record(Infallible.of(1, 2, 3).filter { $0 != 2 }), ["next(1)", "next(3)", "completed"])
        XCTAssertEqual(record(Infallible.of(1, 2, 3).scan(0, accumulator: +)), ["next(1)", "next(3)", "next(6)", "completed"])
        XCTAssertEqual(record(Infallible.of(1, 2).scan(into: [Int]()) { $0.append($1) }), ["next([1])", "next([1, 2])", "completed"])
    }

    // MARK: - bind

    func testBindToObservers() {
        var events: [String] = []
        let observer = AnyObserver<Int> { events.append("\($0)") }
        _ = Infallible.of(1, 2).bind(to: observer)
        XCTAssertEqual(events, ["next(1)", "next(2)", "completed"])

        var optionals: [Int?] = []
        let optionalObserver = AnyObserver<Int?> { event in
            if case .next(let value) = event { optionals.append(value) }
        }
        _ = Infallible.just(3).bind(to: optionalObserver)
        XCTAssertEqual(optionals, [3])
    }

    func testBindOnNextAndBinderClosure() {
        var values: [Int] = []
        _ = Infallible.of(1, 2).bind(onNext: { values.append($0) })
        XCTAssertEqual(values, [1, 2])
        let result = Infallible.just(1).bind { (infallible: Infallible<Int>) in "bound" }
        XCTAssertEqual(result, "bound")
    }

    func testBindToRelays() {
        let publish = PublishRelay<Int>()
        var published: [Int] = []
        _ = publish.subscribe(onNext: { published.append($0) })
        let behavior = BehaviorRelay<Int>(value: 0)
        let optional = BehaviorRelay<Int?>(value: nil)
        _ = Infallible.of(1, 2).bind(to: publish)
        _ = Infallible.of(3, 4).bind(to: behavior)
        _ = Infallible.just(5).bind(to: optional)
        XCTAssertEqual(published, [1, 2])
        XCTAssertEqual(behavior.value, 4)
        XCTAssertEqual(optional.value, 5)
    }

    // MARK: - Virtual time

    func testOnErrorJustReturnAtTheTimeOfTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, InfallibleTestError(code: 1)), .next(230, 2)])
        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: 0) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 0), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }
}
