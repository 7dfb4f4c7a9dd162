import Foundation
import Reactive
import ReactiveTesting
import ReactiveUI
import TestSupport
import XCTest

private struct TestError: Error {}

final class DriverTests: XCTestCase {
    /// Three subscribers at RxCocoa's times to one driver over a cold source that fails at 50.
    private func sharing(_ terminal: Recorded<Event<Int>>, signal: Bool = false)
        -> (TestableObservable<Int>, [TestableObserver<Int>])
    {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 0), .next(20, 1), .next(30, 2), .next(40, 3), terminal])
        // Made outside any mock: the sharing scheduler is the main scheduler, which runs at once here.
        let shared: Observable<Int> =
            signal
            ? xs.asSignal(onErrorJustReturn: -1).asObservable()
            : xs.asDriver(onErrorJustReturn: -1).asObservable()
        let observers = (0..<3).map { _ in scheduler.createObserver(Int.self) }
        var subscriptions: [Disposable?] = [nil, nil, nil]
        for (index, (subscribe, dispose)) in [(200, 235), (225, 260), (260, 285)].enumerated() {
            scheduler.scheduleAt(subscribe) { subscriptions[index] = shared.subscribe(observers[index]) }
            scheduler.scheduleAt(dispose) { subscriptions[index]?.dispose() }
        }
        scheduler.start()
        return (xs, observers)
    }

    func testDriverSharesAndReplaysTheLatestElementWhenTheSourceFails() {
        let (xs, observers) = sharing(.error(50, TestError()))
        XCTAssertEqual(observers[0].events, [.next(210, 0), .next(220, 1), .next(230, 2)])
        XCTAssertEqual(observers[1].events, [.next(225, 1), .next(230, 2), .next(240, 3), .next(250, -1), .completed(250)])
        XCTAssertEqual(observers[2].events, [.next(270, 0), .next(280, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250), Subscription(260, 285)])
    }

    func testDriverSharesAndReplaysTheLatestElementWhenTheSourceCompletes() {
        let (xs, observers) = sharing(.completed(50))
        XCTAssertEqual(observers[0].events, [.next(210, 0), .next(220, 1), .next(230, 2)])
        XCTAssertEqual(observers[1].events, [.next(225, 1), .next(230, 2), .next(240, 3), .completed(250)])
        XCTAssertEqual(observers[2].events, [.next(270, 0), .next(280, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250), Subscription(260, 285)])
    }

    func testSignalSharesWithoutReplay() {
        let (xs, observers) = sharing(.error(50, TestError()), signal: true)
        XCTAssertEqual(observers[0].events, [.next(210, 0), .next(220, 1), .next(230, 2)])
        XCTAssertEqual(observers[1].events, [.next(230, 2), .next(240, 3), .next(250, -1), .completed(250)])
        XCTAssertEqual(observers[2].events, [.next(270, 0), .next(280, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250), Subscription(260, 285)])

        let (_, completed) = sharing(.completed(50), signal: true)
        XCTAssertEqual(completed[1].events, [.next(230, 2), .next(240, 3), .completed(250)])
    }

    // MARK: Under a mock sharing scheduler: each hop onto it costs one tick

    func testAnErrorBecomesTheReplacementOnTheSharingSchedulerAndNeverReachesTheView() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, TestError())])
        var res: TestableObserver<Int>!
        SharingScheduler.mock(scheduler: scheduler) {
            res = scheduler.start { xs.asDriver(onErrorJustReturn: -1) }
        }
        XCTAssertEqual(res.events, [.next(211, 1), .next(221, 2), .next(231, -1), .completed(231)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testOnErrorDriveWithAndOnErrorRecoverContinueWithAnotherDriver() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError())])
        var driveWith: TestableObserver<Int>!
        var recover: TestableObserver<Int>!
        var errors: [Error] = []
        SharingScheduler.mock(scheduler: scheduler) {
            driveWith = scheduler.start { xs.asDriver(onErrorDriveWith: Driver.just(-1)) }
        }
        let later = TestScheduler(initialClock: 0)
        let ys = later.createHotObservable([.next(210, 1), .error(220, TestError())])
        SharingScheduler.mock(scheduler: later) {
            recover = later.start {
                ys.asDriver(onErrorRecover: { error in
                    errors.append(error)
                    return Driver.empty()
                })
            }
        }
        // The replacement is subscribed at 221, on the sharing scheduler, and hops onto it once more.
        XCTAssertEqual(driveWith.events, [.next(211, 1), .next(222, -1), .completed(222)])
        XCTAssertEqual(recover.events, [.next(211, 1), .completed(222)])
        XCTAssertEqual(errors.count, 1)
    }

    func testFactoriesSendOnTheSharingScheduler() {
        func run<Element: Equatable>(_ make: @escaping () -> Driver<Element>) -> [Recorded<Event<Element>>] {
            let scheduler = TestScheduler(initialClock: 0)
            var res: TestableObserver<Element>!
            SharingScheduler.mock(scheduler: scheduler) { res = scheduler.start { make() } }
            return res.events
        }
        XCTAssertEqual(run { Driver.just(1) }, [.next(201, 1), .completed(201)])
        XCTAssertEqual(run { Driver<Int>.empty() }, [.completed(201)])
        XCTAssertEqual(run { Driver<Int>.never() }, [])
        XCTAssertEqual(run { Driver.of(1, 2) }, [.next(201, 1), .next(202, 2), .completed(203)])
        XCTAssertEqual(run { Driver.from([20]) }, [.next(201, 20), .completed(202)])
        XCTAssertEqual(run { Driver.from(AnySequence([10])) }, [.next(201, 10), .completed(202)])
        XCTAssertEqual(run { Driver.from(optional: 1 as Int?) }, [.next(201, 1), .completed(202)])
        XCTAssertEqual(run { Driver.from(optional: nil as Int?) }, [.completed(201)])
        XCTAssertEqual(run { Driver.deferred { Driver.just(7) } }, [.next(201, 7), .completed(201)])
    }

    func testIntervalAndTimerShareAndReplayAsRxCocoaPinsThem() {
        func run(_ make: () -> Driver<Int>) -> [[Recorded<Event<Int>>]] {
            let scheduler = TestScheduler(initialClock: 0)
            var driver: Driver<Int>!
            SharingScheduler.mock(scheduler: scheduler) { driver = make() }
            let observers = [scheduler.createObserver(Int.self), scheduler.createObserver(Int.self)]
            var subscriptions: [Disposable] = []
            scheduler.scheduleAt(20) { subscriptions.append(driver.asObservable().subscribe(observers[0])) }
            scheduler.scheduleAt(170) { subscriptions.append(driver.asObservable().subscribe(observers[1])) }
            scheduler.scheduleAt(230) { subscriptions.forEach { $0.dispose() } }
            scheduler.start()
            return observers.map(\.events)
        }
        XCTAssertEqual(run { Driver.interval(.seconds(100)) }, [[.next(120, 0), .next(220, 1)], [.next(170, 0), .next(220, 1)]])
        XCTAssertEqual(
            run { Driver.timer(.seconds(100), period: .seconds(105)) },
            [[.next(120, 0), .next(225, 1)], [.next(170, 0), .next(225, 1)]])
    }

    func testOperatorsKeepTheSourcesTicksAndReplayTheirLatestResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        var mapped: Driver<Int>!
        SharingScheduler.mock(scheduler: scheduler) {
            mapped = xs.asDriver(onErrorJustReturn: 0).map { $0 * 10 }.filter { $0 != 20 }.startWith(0)
        }
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = mapped.asObservable().subscribe(early) }
        scheduler.scheduleAt(225) { _ = mapped.asObservable().subscribe(late) }
        scheduler.start()
        XCTAssertEqual(early.events, [.next(200, 0), .next(211, 10), .next(231, 30), .completed(241)])
        // The latest result, 10, replayed at the subscription time.
        XCTAssertEqual(late.events, [.next(225, 10), .next(231, 30), .completed(241)])
    }

    /// What `combine` makes of numbers 1@210, 2@230, completed@260 and letters a@220, b@240,
    /// completed@250, as drivers on a mock scheduler started at 200.
    private func combined(_ combine: (Driver<Int>, Driver<String>) -> Driver<String>) -> [Recorded<Event<String>>] {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(260)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .next(240, "b"), .completed(250)])
        var res: TestableObserver<String>!
        SharingScheduler.mock(scheduler: scheduler) {
            let result = combine(xs.asDriver(onErrorJustReturn: 0), ys.asDriver(onErrorJustReturn: ""))
            res = scheduler.start { result }
        }
        return res.events
    }

    func testCombiningOperators() {
        XCTAssertEqual(
            combined { Driver.combineLatest($0, $1) { "\($0)\($1)" } },
            [.next(221, "1a"), .next(231, "2a"), .next(241, "2b"), .completed(261)])
        // Zip completes once every source has (RxSwift's rule since 2019), not when one runs dry.
        XCTAssertEqual(combined { Driver.zip($0, $1).map { "\($0)\($1)" } }, [.next(221, "1a"), .next(241, "2b"), .completed(261)])
        XCTAssertEqual(combined { $0.withLatestFrom($1) { "\($0)\($1)" } }, [.next(231, "2a"), .completed(261)])
        XCTAssertEqual(
            combined { Driver.merge($0.map(String.init), $1) },
            [.next(211, "1"), .next(221, "a"), .next(231, "2"), .next(241, "b"), .completed(261)])
        XCTAssertEqual(
            combined { Driver.combineLatest([$0.map(String.init), $1]) { $0.joined() } },
            [.next(221, "1a"), .next(231, "2a"), .next(241, "2b"), .completed(261)])
    }

    func testFlatMapLatestLeavesThePreviousInnerDriverAndMayMakeASignal() {
        let scheduler = TestScheduler(initialClock: 0)
        let outer = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let inner1 = scheduler.createColdObservable([.next(5, "a"), .next(40, "b")])
        let inner2 = scheduler.createColdObservable([.next(5, "c"), .completed(10)])
        var res: TestableObserver<String>!
        SharingScheduler.mock(scheduler: scheduler) {
            let inners = [1: inner1, 2: inner2]
            res = scheduler.start {
                outer.asDriver(onErrorJustReturn: 0).flatMapLatest { index -> Signal<String> in
                    inners[index]!.asSignal(onErrorJustReturn: "")
                }
            }
        }
        XCTAssertEqual(res.events, [.next(217, "a"), .next(247, "c"), .completed(301)])
        XCTAssertEqual(inner1.subscriptions, [Subscription(211, 241)])
        XCTAssertEqual(inner2.subscriptions, [Subscription(241, 251)])
    }

    func testSwitchLatestFlatMapFirstFlatMapAndConcat() {
        func run(_ make: (TestScheduler) -> Driver<String>) -> [Recorded<Event<String>>] {
            let scheduler = TestScheduler(initialClock: 0)
            var res: TestableObserver<String>!
            SharingScheduler.mock(scheduler: scheduler) {
                let driver = make(scheduler)
                res = scheduler.start { driver }
            }
            return res.events
        }
        func inners(_ scheduler: TestScheduler) -> (Driver<Int>, [Int: Driver<String>]) {
            let outer = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
            let first = scheduler.createColdObservable([.next(5, "a"), .next(20, "b"), .completed(30)])
            let second = scheduler.createColdObservable([.next(5, "c"), .completed(10)])
            return (
                outer.asDriver(onErrorJustReturn: 0),
                [
                    1: first.asDriver(onErrorJustReturn: ""), 2: second.asDriver(onErrorJustReturn: ""),
                ]
            )
        }
        XCTAssertEqual(
            run { scheduler in
                let (outer, inner) = inners(scheduler)
                return outer.map { inner[$0]! }.switchLatest()
            }, [.next(217, "a"), .next(227, "c"), .completed(301)])
        XCTAssertEqual(
            run { scheduler in
                let (outer, inner) = inners(scheduler)
                return outer.flatMapFirst { inner[$0]! }
            }, [.next(217, "a"), .next(232, "b"), .completed(301)])
        XCTAssertEqual(
            run { scheduler in
                let (outer, inner) = inners(scheduler)
                return outer.flatMap { inner[$0]! }
            }, [.next(217, "a"), .next(227, "c"), .next(232, "b"), .completed(301)])
        XCTAssertEqual(
            run { scheduler in
                let (_, inner) = inners(scheduler)
                return Driver.concat([inner[1]!, inner[2]!])
            }, [.next(206, "a"), .next(221, "b"), .next(237, "c"), .completed(242)])
        XCTAssertEqual(
            run { scheduler in
                let (_, inner) = inners(scheduler)
                return Driver.zip([inner[1]!, inner[2]!]) { $0.joined() }
                // The collection form keeps RxSwift's older rule: "b" at 221 can never be paired.
            }, [.next(206, "ac"), .completed(221)])
    }

    func testDoCallsItsClosuresAroundEachEventOnTheSharingScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        var log: [String] = []
        var res: TestableObserver<Int>!
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = xs.asDriver(onErrorJustReturn: 0).do(
                onNext: { log.append("next \($0) @\(scheduler.clock)") },
                afterNext: { _ in log.append("after next") },
                onCompleted: { log.append("completed @\(scheduler.clock)") },
                onSubscribe: { log.append("subscribe @\(scheduler.clock)") },
                onDispose: { log.append("dispose") })
            res = scheduler.start { driver }
        }
        XCTAssertEqual(res.events, [.next(211, 1), .completed(221)])
        XCTAssertEqual(log, ["subscribe @200", "next 1 @211", "after next", "completed @221", "dispose"])
    }

    func testTimeOperatorsRunOnTheSharingScheduler() {
        func run(_ make: (Driver<Int>) -> Driver<Int>) -> [Recorded<Event<Int>>] {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(240, 3), .completed(300)])
            var res: TestableObserver<Int>!
            SharingScheduler.mock(scheduler: scheduler) {
                let driver = make(xs.asDriver(onErrorJustReturn: 0))
                res = scheduler.start { driver }
            }
            return res.events
        }
        XCTAssertEqual(run { $0.debounce(.seconds(10)) }, [.next(226, 2), .next(251, 3), .completed(301)])
        XCTAssertEqual(run { $0.throttle(.seconds(20), latest: false) }, [.next(211, 1), .next(241, 3), .completed(301)])
        XCTAssertEqual(run { $0.delay(.seconds(5)) }, [.next(216, 1), .next(221, 2), .next(246, 3), .completed(306)])
        XCTAssertEqual(run { $0.scan(0, accumulator: +) }, [.next(211, 1), .next(216, 3), .next(241, 6), .completed(301)])
        XCTAssertEqual(run { $0.skip(1).distinctUntilChanged() }, [.next(216, 2), .next(241, 3), .completed(301)])
    }

    func testSharingSchedulerMockNestsAndStaysOnItsThread() {
        let outer = TestScheduler(initialClock: 0)
        let inner = TestScheduler(initialClock: 0)
        XCTAssertTrue(SharingScheduler.make() is MainScheduler)
        SharingScheduler.mock(scheduler: outer) {
            XCTAssertTrue(SharingScheduler.make() as AnyObject === outer)
            SharingScheduler.mock(scheduler: inner) {
                XCTAssertTrue(DriverSharingStrategy.scheduler as AnyObject === inner)
            }
            XCTAssertTrue(SignalSharingStrategy.scheduler as AnyObject === outer)
            // Another thread making a driver meanwhile gets the main scheduler, not this test's.
            let done = expectation(description: "other thread")
            DispatchQueue.global().async {
                XCTAssertTrue(SharingScheduler.make() is MainScheduler)
                done.fulfill()
            }
            wait(for: [done], timeout: 10)
        }
        XCTAssertTrue(SharingScheduler.make() is MainScheduler)
    }

    // MARK: drive

    @MainActor
    func testDriveDeliversOnTheMainThreadWhenTheSourceSendsElsewhere() {
        let subject = PublishSubject<Int>()
        let delivered = XCTestExpectation(description: "elements on the main thread")
        delivered.expectedFulfillmentCount = 3
        var threads: [Bool] = []
        var values: [Int] = []
        let subscription = subject.asDriver(onErrorJustReturn: -1).drive(onNext: { value in
            threads.append(Thread.isMainThread)
            values.append(value)
            delivered.fulfill()
        })
        DispatchQueue.global().async {
            subject.onNext(1)
            subject.onNext(2)
            subject.onError(TestError())
        }
        XCTAssertEqual(XCTWaiter.wait(for: [delivered], timeout: 10), .completed)
        XCTAssertEqual(values, [1, 2, -1])
        XCTAssertEqual(threads, [true, true, true])
        subscription.dispose()
    }

    @MainActor
    func testDriveToObserversRelaysAndClosures() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createObserver(Int.self)
        let optional = scheduler.createObserver(Int?.self)
        _ = Driver.just(1).drive(first)
        _ = Driver.just(1).drive(optional)
        XCTAssertEqual(first.events, [.next(0, 1), .completed(0)])
        XCTAssertEqual(optional.events, [.next(0, 1), .completed(0)])

        let behavior = BehaviorRelay(value: 0)
        let optionalBehavior = BehaviorRelay<Int?>(value: nil)
        let replay = ReplayRelay<Int>.create(bufferSize: 1)
        _ = Driver.just(1).drive(behavior)
        _ = Driver.just(2).drive(optionalBehavior)
        _ = Driver.just(3).drive(replay)
        XCTAssertEqual(behavior.value, 1)
        XCTAssertEqual(optionalBehavior.value, 2)
        var replayed: [Int] = []
        _ = replay.subscribe(onNext: { replayed.append($0) })
        XCTAssertEqual(replayed, [3])

        var events: [String] = []
        let source = PublishSubject<Int>()
        let subscription = source.asDriver(onErrorJustReturn: -1).drive(
            onNext: { events.append("next \($0)") },
            onCompleted: { events.append("completed") },
            onDisposed: { events.append("disposed") })
        source.onNext(1)
        source.onNext(2)
        source.onCompleted()
        XCTAssertEqual(events, ["next 1", "next 2", "completed", "disposed"])
        subscription.dispose()
        XCTAssertEqual(events.count, 4)
    }

    @MainActor
    func testDriveWithHoldsItsObjectWeakly() {
        final class Screen { var shown: [Int] = [] }
        var screen: Screen? = Screen()
        let relay = BehaviorRelay(value: 1)
        var disposedWithObject = false
        let subscription = relay.asDriver().drive(
            with: screen!,
            onNext: { screen, value in screen.shown.append(value) },
            onDisposed: { _ in disposedWithObject = true })
        relay.accept(2)
        XCTAssertEqual(screen?.shown, [1, 2])
        weak let gone = screen
        screen = nil
        XCTAssertNil(gone)
        relay.accept(3)
        subscription.dispose()
        XCTAssertFalse(disposedWithObject, "the object is gone: its closure is not called")
    }

    // Not on the main actor: a test (or a view model) calls `drive` and `emit` as RxCocoa's do.
    func testCodeNotOnTheMainActorDrivesAndEmits() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(Int.self)
        _ = Driver.just(1).drive(observer)
        XCTAssertEqual(observer.events, [.next(0, 1), .completed(0)])

        var events: [String] = []
        let relay = PublishRelay<Int>()
        let bag = DisposeBag()
        relay.asDriver(onErrorJustReturn: -1).drive(onNext: { events.append("drive \($0)") }).disposed(by: bag)
        relay.asSignal().emit(onNext: { events.append("emit \($0)") }).disposed(by: bag)
        relay.accept(7)
        XCTAssertEqual(events, ["drive 7", "emit 7"])
    }

    func testDriveCalledOffTheMainThreadStopsWithRxCocoasMessage() throws {
        #if os(Linux)
            let (status, output) = try runTestInChildProcess(
                "ReactiveUITests.DriverTests/testChildDrivesOffTheMainThread", environment: [Self.childVariable: "1"])
            XCTAssertTrue(wasKilledBySignal(status), output)
            XCTAssertTrue(output.contains("`drive*` family of methods can be only called from `MainThread`."), output)
        #else
            throw XCTSkip("The child process is started the Linux way (the .xctest binary).")
        #endif
    }

    private static let childVariable = "REACTIVE_UI_DEATH_TEST_CHILD"

    /// Drives from another thread, which stops the process; only in the child process.
    func testChildDrivesOffTheMainThread() {
        guard ProcessInfo.processInfo.environment[Self.childVariable] == "1" else { return }
        let done = DispatchSemaphore(value: 0)
        Thread {
            _ = Driver.just(1).drive(onNext: { _ in })
            done.signal()
        }.start()
        done.wait()
    }

    @MainActor
    func testDisposingOnAnotherThreadCallsOnDisposedOnTheMainThread() {
        let disposed = XCTestExpectation(description: "onDisposed")
        var onMain = false
        let subscription = SingleAssignmentDisposable()
        subscription.setDisposable(
            Driver<Int>.never().drive(onDisposed: {
                onMain = Thread.isMainThread
                disposed.fulfill()
            }))
        DispatchQueue.global().async { subscription.dispose() }
        XCTAssertEqual(XCTWaiter.wait(for: [disposed], timeout: 10), .completed)
        XCTAssertTrue(onMain)
    }
}
