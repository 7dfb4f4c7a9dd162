import Reactive
import ReactiveTesting
import XCTest

private struct CreationTestError: Error {}

final class CreationTests: XCTestCase {
    // MARK: just

    func testJustSendsOneValueAndCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.just(42) }
        XCTAssertEqual(res.events, [.next(200, 42), .completed(200)])
    }

    func testJustOnSchedulerSendsLater() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.just(42, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 42), .completed(202)])
    }

    func testJustOnSchedulerDisposedBeforeItRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(created: 100, subscribed: 200, disposed: 200) { Observable.just(42, scheduler: scheduler) }
        XCTAssertEqual(res.events, [])
    }

    // MARK: of / from

    func testOfSendsTheValuesInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.of(1, 2, 3) }
        XCTAssertEqual(res.events, [.next(200, 1), .next(200, 2), .next(200, 3), .completed(200)])
    }

    func testOfOnSchedulerSendsOnePerTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.of(1, 2, 3, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
    }

    func testOfOnSchedulerDisposedMidway() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 202) { Observable.of(1, 2, 3, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 1)])
    }

    func testOfEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.of() }
        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testFromArray() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.from(["a", "b"]) }
        XCTAssertEqual(res.events, [.next(200, "a"), .next(200, "b"), .completed(200)])
    }

    func testFromArrayOnScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.from(["a", "b"], scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, "a"), .next(202, "b"), .completed(203)])
    }

    func testFromSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.from(stride(from: 0, to: 6, by: 2)) }
        XCTAssertEqual(res.events, [.next(200, 0), .next(200, 2), .next(200, 4), .completed(200)])
    }

    func testFromSequenceOnScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.from(1...2, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 2), .completed(203)])
    }

    func testFromOptionalWithValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.from(optional: 7) }
        XCTAssertEqual(res.events, [.next(200, 7), .completed(200)])
    }

    func testFromOptionalNil() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.from(optional: nil) }
        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testFromOptionalOnScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let some = scheduler.start { Observable.from(optional: 7, scheduler: scheduler) }
        XCTAssertEqual(some.events, [.next(201, 7), .completed(202)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let none = scheduler2.start { Observable<Int>.from(optional: nil, scheduler: scheduler2) }
        XCTAssertEqual(none.events, [.completed(201)])
    }

    func testOfIsColdEachSubscriptionStartsOver() {
        let source = Observable.of(1, 2)
        var first: [Int] = []
        var second: [Int] = []
        _ = source.subscribe(onNext: { first.append($0) })
        _ = source.subscribe(onNext: { second.append($0) })
        XCTAssertEqual(first, [1, 2])
        XCTAssertEqual(second, [1, 2])
    }

    func testOfStopsWhenTheDownstreamDisposes() {
        var received: [Int] = []
        _ = Observable.of(1, 2, 3, 4).take(2).subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, [1, 2])
    }

    // MARK: range

    func testRange() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.range(start: 5, count: 3) }
        XCTAssertEqual(res.events, [.next(200, 5), .next(200, 6), .next(200, 7), .completed(200)])
    }

    func testRangeZeroCount() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.range(start: 5, count: 0) }
        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testRangeOnScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.range(start: -1, count: 2, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, -1), .next(202, 0), .completed(203)])
    }

    func testRangeOnSchedulerDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 203) { Observable.range(start: 0, count: 100, scheduler: scheduler) }
        XCTAssertEqual(res.events, [.next(201, 0), .next(202, 1)])
    }

    func testRangeOtherIntegerType() {
        var received: [UInt8] = []
        _ = Observable<UInt8>.range(start: 250, count: 3).subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, [250, 251, 252])
    }

    // MARK: empty, never, error

    func testEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.empty() }
        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.never() }
        XCTAssertEqual(res.events, [])
    }

    func testError() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.error(CreationTestError()) }
        XCTAssertEqual(res.events, [.error(200, CreationTestError())])
    }

    // MARK: create

    func testCreateSendsWhatTheClosureSends() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable<Int>.create { observer in
                observer.on(.next(1))
                observer.on(.next(2))
                observer.on(.completed)
                return Disposables.create()
            }
        }
        XCTAssertEqual(res.events, [.next(200, 1), .next(200, 2), .completed(200)])
    }

    func testCreateIgnoresEverythingAfterAStopEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable<Int>.create { observer in
                observer.on(.next(1))
                observer.on(.error(CreationTestError()))
                observer.on(.next(2))
                observer.on(.completed)
                return Disposables.create()
            }
        }
        XCTAssertEqual(res.events, [.next(200, 1), .error(200, CreationTestError())])
    }

    func testCreateDisposesItsResourceOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        var disposedAt: TestTime?
        let res = scheduler.start {
            Observable<Int>.create { observer in
                scheduler.scheduleAt(250) { observer.on(.next(1)) }
                scheduler.scheduleAt(300) { observer.on(.completed) }
                return Disposables.create { disposedAt = scheduler.clock }
            }
        }
        XCTAssertEqual(res.events, [.next(250, 1), .completed(300)])
        XCTAssertEqual(disposedAt, 300)
    }

    func testCreateDisposesItsResourceOnDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        var disposedAt: TestTime?
        let res = scheduler.start(disposed: 270) {
            Observable<Int>.create { observer in
                scheduler.scheduleAt(250) { observer.on(.next(1)) }
                scheduler.scheduleAt(300) { observer.on(.next(2)) }
                return Disposables.create { disposedAt = scheduler.clock }
            }
        }
        XCTAssertEqual(res.events, [.next(250, 1)])
        XCTAssertEqual(disposedAt, 270)
    }

    func testCreateNothingIsSentAfterDisposal() {
        var observerRef: AnyObserver<Int>?
        var received: [Int] = []
        let subscription = Observable<Int>.create { observer in
            observerRef = observer
            return Disposables.create()
        }.subscribe(onNext: { received.append($0) })
        observerRef?.on(.next(1))
        subscription.dispose()
        observerRef?.on(.next(2))
        XCTAssertEqual(received, [1])
    }
}
