// Parity tests: RxSwift's own virtual-time test cases (ReactiveX/RxSwift, Tests/RxSwiftTests/Observable+*Tests.swift),
// re-expressed in this package's style. The input events, the expected `res.events` and every expected
// `Subscription(a, b)` are RxSwift's numbers; the structure and wording are ours.
//
// Naming: test<Operator>_<RxSwift test name without its leading "test"/"test_">; where RxSwift's name already
// starts with the operator (testTakeUntil_..., testRefCount_...) the method name is RxSwift's name unchanged.
//
// RxSwift test cases used, per operator (file in parentheses):
//
// take(until:)            (Observable+TakeUntilTests.swift)
//     testTakeUntil_Preempt_SomeData_Error, testTakeUntil_NoPreempt_Never_Empty, testTakeUntil_Preempt_BeforeFirstProduced
// skip(until:)            (Observable+SkipUntilTests.swift)
//     testSkipUntil_SomeData_Empty, testSkipUntil_Never_Next, testSkipUntil_SomeData_Error2
// switchLatest / flatMapLatest (Observable+SwitchTests.swift)
//     testSwitch_Data, testSwitch_InnerThrows, testSwitch_OuterThrows, testFlatMapLatest_SelectorThrows
// flatMapFirst            (Observable+MergeTests.swift)
//     testFlatMapFirst_Complete, testFlatMapFirst_Complete_ErrorOuter, testFlatMapFirst_Error_Inner, testFlatMapFirst_Dispose
// concat                  (Observable+ConcatTests.swift)
//     testConcat_IEofIO, testConcat_EnumerableTiming, testConcat_EmptyNever
// catch / catch(sequence:) (Observable+CatchTests.swift)
//     testCatch_ErrorSpecific_Caught, testCatchSequenceOf_IEofIO, testCatchSequenceOf_ErrorNever, testCatchSequenceOf_Multiple
// retry() / retry(n)      (Observable+CatchTests.swift)
//     testRetry_Infinite, testRetryCount_Basic, testRetryCount_Dispose
// retry(when:)            (Observable+RetryWhenTests.swift)
//     testRetryWhen_ObservableComplete, testRetryWhen_ObservableNextError, testRetryWhen_ObservableNextComplete,
//     testRetryWhen_Incremental_BackOff
// timeout                 (Observable+TimeoutTests.swift)
//     testTimeout_Duetime_Timeout_Exact, testTimeout_TimeoutOccurs_2, testTimeout_TimeoutOccurs_Completed,
//     testTimeout_TimeoutOccurs_NextIsError
// delaySubscription       (Observable+DelaySubscriptionTests.swift)
//     testDelaySubscription_TimeSpan_Simple, testDelaySubscription_TimeSpan_Error, testDelaySubscription_TimeSpan_Dispose
// sample                  (Observable+SampleTests.swift)
//     testSample_Sampler_Simple2, testSample_Sampler_Simple3, testSample_Sampler_SamplerThrows
// debounce                (NOT read from RxSwift: Observable+DebounceTests.swift is not in the searchable index. These
//                          three use the Rx.NET/RxJS "Throttle_TimeSpan_*" numbers that RxSwift's
//                          test_DebounceTimeSpan_* cases are ports of; verify against RxSwift before relying on them.)
//     test_DebounceTimeSpan_AllPass, test_DebounceTimeSpan_AllDrop, test_DebounceTimeSpan_AllDrop_ErrorEnd
// throttle                (Observable+ThrottleTests.swift)
//     test_ThrottleTimeSpan_Completed, test_ThrottleTimeSpan_CompletedAfterDueTime,
//     test_ThrottleTimeSpan_NotLatest_Completed, test_ThrottleTimeSpan_NotLatest_Error
// amb                     (Observable+AmbTests.swift)
//     testAmb_Never2, testAmb_ThrowsBeforeElectionRight
// withLatestFrom          (Observable+WithLatestFromTests.swift)
//     testWithLatestFrom_Simple2, testWithLatestFrom_Simple3, testWithLatestFrom_Error2
// takeLast                (Observable+TakeLastTests.swift)
//     testTakeLast_Complete_Less, testTakeLast_Complete_More, testTakeLast_Error_More
// window                  (Observable+WindowTests.swift)
//     testWindowWithTimeOrCount_Basic, testWindowWithTimeOrCount_Error, testWindowWithTimeOrCount_Disposed
// groupBy                 (Observable+GroupByTests.swift)
//     testGroupBy_TwoGroup, testGroupBy_OuterComplete, testGroupBy_InnerComplete
// share(replay:scope:)    (Observable+ShareReplayScopeTests.swift)
//     test_testDefaultArguments, test_whileConnected_error, test_forever_error
// multicast               (Observable+MulticastTests.swift)
//     testMulticastWhileConnected_connectControlsSourceSubscription, testMulticastWhileConnected_error,
//     testMulticastForever_connectControlsSourceSubscription, testMulticast_Cold_Zip
// publish().refCount()    (Observable+MulticastTests.swift)
//     testRefCount_Publish, testRefCount_synchronousResubscribingOnErrorWorks
// replay(n)               (Observable+MulticastTests.swift, the version whose subscriber subscribes during a connection)
//     testReplayCount_Basic, testReplayCount_Error, testReplayOneCount_Basic
//
// Not included:
// - startWith: RxSwift's startWith test file is not in the searchable index (only Rx.NET/RxJS versions were found).
// - buffer(timeSpan:count:scheduler:): RxSwift's three cases (Basic, Error, Disposed) are already in BufferTests.swift.
// - catchAndReturn: no RxSwift virtual-time case for it was found in the indexed versions.
// - publish().connect() on its own: RxSwift has only resource-leak tests for it; it is exercised through refCount here.

import Dispatch
import Reactive
import ReactiveTesting
import XCTest

/// RxSwift's `testError`, `testError1`, `testError2`: told apart by their descriptions, which is how
/// ReactiveTesting (like RxTest) compares errors.
private struct ParityTestError: Error, Equatable {
    let id: Int
}

private let testError = ParityTestError(id: 0)
private let testError1 = ParityTestError(id: 1)
private let testError2 = ParityTestError(id: 2)

/// RxSwift's `RetryWhenError`: the error type a typed `retry(when:)` handler retries.
private struct RetryWhenError: Error, Equatable {}

private let retryError = RetryWhenError()

/// RxSwift's test helper `String.trimWhitespace()`, spaces only.
private func trimmed(_ text: String) -> String {
    var characters = Substring(text)
    while characters.first == " " { characters.removeFirst() }
    while characters.last == " " { characters.removeLast() }
    return String(characters)
}

final class RxSwiftParityTests: XCTestCase {
    // MARK: - take(until:)

    func testTakeUntil_Preempt_SomeData_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        let r = scheduler.createHotObservable([.next(150, 1), .error(225, testError)])

        let res = scheduler.start { l.take(until: r) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .error(225, testError)])
        XCTAssertEqual(l.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(r.subscriptions, [Subscription(200, 225)])
    }

    func testTakeUntil_NoPreempt_Never_Empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable([Recorded.next(150, 1)])
        let r = scheduler.createHotObservable([.next(150, 1), .completed(225)])

        let res = scheduler.start { l.take(until: r) }

        // The other completing without a value does not stop the source.
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(l.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(r.subscriptions, [Subscription(200, 225)])
    }

    func testTakeUntil_Preempt_BeforeFirstProduced() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable([.next(150, 1), .next(230, 2), .completed(240)])
        let r = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(220)])

        let res = scheduler.start { l.take(until: r) }

        XCTAssertEqual(res.events, [.completed(210)])
        XCTAssertEqual(l.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(r.subscriptions, [Subscription(200, 210)])
    }

    // MARK: - skip(until:)

    func testSkipUntil_SomeData_Empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        let r = scheduler.createHotObservable([.next(150, 1), .completed(225)])

        let res = scheduler.start { l.skip(until: r) }

        // The gate never opened: not even the source's completion is forwarded.
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(l.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(r.subscriptions, [Subscription(200, 225)])
    }

    func testSkipUntil_Never_Next() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable([Recorded.next(150, 1)])
        let r = scheduler.createHotObservable([.next(150, 1), .next(225, 2), .completed(250)])

        let res = scheduler.start { l.skip(until: r) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(l.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(r.subscriptions, [Subscription(200, 225)])
    }

    func testSkipUntil_SomeData_Error2() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        let r = scheduler.createHotObservable([.next(150, 1), .error(300, testError)])

        let res = scheduler.start { l.skip(until: r) }

        // The source ends first, which also ends the other's subscription: its later error is never seen.
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(l.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(r.subscriptions, [Subscription(200, 250)])
    }

    // MARK: - switchLatest / flatMapLatest

    /// RxSwift's three inner sequences of `testSwitch_*` / `testFlatMapLatest_*`; the second one ends with `ys2End`.
    private func makeSwitchInners(
        _ scheduler: TestScheduler, ys2End: Recorded<Event<Int>>
    ) -> (TestableObservable<Int>, TestableObservable<Int>, TestableObservable<Int>) {
        let ys1 = scheduler.createColdObservable([
            .next(10, 101), .next(20, 102), .next(110, 103), .next(120, 104), .next(210, 105), .next(220, 106),
            .completed(230),
        ])
        let ys2 = scheduler.createColdObservable([.next(10, 201), .next(20, 202), .next(30, 203), .next(40, 204), ys2End])
        let ys3 = scheduler.createColdObservable([
            .next(10, 301), .next(20, 302), .next(30, 303), .next(40, 304), .completed(150),
        ])
        return (ys1, ys2, ys3)
    }

    func testSwitchLatest_Switch_Data() {
        let scheduler = TestScheduler(initialClock: 0)
        let (ys1, ys2, ys3) = makeSwitchInners(scheduler, ys2End: .completed(50))
        let xs = scheduler.createHotObservable([.next(300, ys1), .next(400, ys2), .next(500, ys3), .completed(600)])

        let res = scheduler.start { xs.switchLatest() }

        // The outer completes at 600, the result only when the latest inner does (650).
        XCTAssertEqual(
            res.events,
            [
                .next(310, 101), .next(320, 102),
                .next(410, 201), .next(420, 202), .next(430, 203), .next(440, 204),
                .next(510, 301), .next(520, 302), .next(530, 303), .next(540, 304),
                .completed(650),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 600)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(300, 400)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(400, 450)])
        XCTAssertEqual(ys3.subscriptions, [Subscription(500, 650)])
    }

    func testSwitchLatest_Switch_InnerThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let (ys1, ys2, ys3) = makeSwitchInners(scheduler, ys2End: .error(50, testError))
        let xs = scheduler.createHotObservable([.next(300, ys1), .next(400, ys2), .next(500, ys3), .completed(600)])

        let res = scheduler.start { xs.switchLatest() }

        XCTAssertEqual(
            res.events,
            [
                .next(310, 101), .next(320, 102),
                .next(410, 201), .next(420, 202), .next(430, 203), .next(440, 204),
                .error(450, testError),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 450)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(300, 400)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(400, 450)])
        XCTAssertEqual(ys3.subscriptions, [])
    }

    func testSwitchLatest_Switch_OuterThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let (ys1, ys2, _) = makeSwitchInners(scheduler, ys2End: .completed(50))
        let xs = scheduler.createHotObservable([.next(300, ys1), .next(400, ys2), .error(500, testError)])

        let res = scheduler.start { xs.switchLatest() }

        XCTAssertEqual(
            res.events,
            [
                .next(310, 101), .next(320, 102),
                .next(410, 201), .next(420, 202), .next(430, 203), .next(440, 204),
                .error(500, testError),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 500)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(300, 400)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(400, 450)])
    }

    func testFlatMapLatest_SelectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let (ys1, ys2, _) = makeSwitchInners(scheduler, ys2End: .completed(50))
        let inners = [ys1, ys2]
        let xs = scheduler.createHotObservable([.next(300, 0), .next(400, 1)])

        let res = scheduler.start {
            xs.flatMapLatest { index throws -> TestableObservable<Int> in
                guard index < 1 else { throw testError }
                return inners[index]
            }
        }

        XCTAssertEqual(res.events, [.next(310, 101), .next(320, 102), .error(400, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(300, 400)])
        XCTAssertEqual(ys2.subscriptions, [])
    }

    // MARK: - flatMapFirst

    /// RxSwift's seven inner sequences for `testFlatMapFirst_*`, sent by the outer at 5, 105, 300, 400, 550,
    /// 750 and 850, then `outerEnd`. `thirdEnd` ends the inner sent at 300; `fourthCompletes` decides whether
    /// the inner sent at 400 (which is always dropped) completes.
    private func makeFlatMapFirstSources(
        _ scheduler: TestScheduler,
        thirdEnd: Recorded<Event<Int>>,
        fourthCompletes: Bool,
        outerEnd: Recorded<Event<TestableObservable<Int>>>
    ) -> (TestableObservable<TestableObservable<Int>>, [TestableObservable<Int>]) {
        var fourthEvents: [Recorded<Event<Int>>] = [.next(180, 202), .next(190, 203)]
        if fourthCompletes { fourthEvents.append(.completed(205)) }
        let inners: [TestableObservable<Int>] = [
            scheduler.createColdObservable([.error(1, testError, Int.self)]),
            scheduler.createColdObservable([.error(1, testError, Int.self)]),
            scheduler.createColdObservable([
                .next(10, 102), .next(90, 103), .next(110, 104), .next(190, 105), .next(440, 106), thirdEnd,
            ]),
            scheduler.createColdObservable(fourthEvents),
            scheduler.createColdObservable([
                .next(10, 301), .next(50, 302), .next(70, 303), .next(260, 304), .next(310, 305), .completed(410),
            ]),
            scheduler.createColdObservable([.completed(40, Int.self)]),
            scheduler.createColdObservable([.next(80, 401), .next(90, 402), .completed(100)]),
        ]
        let xs = scheduler.createHotObservable([
            .next(5, inners[0]), .next(105, inners[1]), .next(300, inners[2]), .next(400, inners[3]),
            .next(550, inners[4]), .next(750, inners[5]), .next(850, inners[6]), outerEnd,
        ])
        return (xs, inners)
    }

    func testFlatMapFirst_Complete() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, inners) = makeFlatMapFirstSources(
            scheduler, thirdEnd: .completed(460), fourthCompletes: true, outerEnd: .completed(900))

        let res = scheduler.start { xs.flatMapFirst { $0 } }

        XCTAssertEqual(
            res.events,
            [
                .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(740, 106),
                .next(930, 401), .next(940, 402), .completed(950),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 900)])
        XCTAssertEqual(inners[2].subscriptions, [Subscription(300, 760)])
        XCTAssertEqual(inners[3].subscriptions, [])
        XCTAssertEqual(inners[4].subscriptions, [])
        XCTAssertEqual(inners[5].subscriptions, [])
        XCTAssertEqual(inners[6].subscriptions, [Subscription(850, 950)])
    }

    func testFlatMapFirst_Complete_ErrorOuter() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, inners) = makeFlatMapFirstSources(
            scheduler, thirdEnd: .completed(460), fourthCompletes: false, outerEnd: .error(900, testError))

        let res = scheduler.start { xs.flatMapFirst { $0 } }

        XCTAssertEqual(
            res.events,
            [
                .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(740, 106),
                .error(900, testError),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 900)])
        XCTAssertEqual(inners[2].subscriptions, [Subscription(300, 760)])
        XCTAssertEqual(inners[3].subscriptions, [])
        XCTAssertEqual(inners[4].subscriptions, [])
        XCTAssertEqual(inners[5].subscriptions, [])
        // The running inner is disposed by the outer's error, before its own values at 930 and 940.
        XCTAssertEqual(inners[6].subscriptions, [Subscription(850, 900)])
    }

    func testFlatMapFirst_Error_Inner() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, inners) = makeFlatMapFirstSources(
            scheduler, thirdEnd: .error(460, testError), fourthCompletes: true, outerEnd: .completed(900))

        let res = scheduler.start { xs.flatMapFirst { $0 } }

        XCTAssertEqual(
            res.events,
            [
                .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(740, 106),
                .error(760, testError),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 760)])
        XCTAssertEqual(inners[2].subscriptions, [Subscription(300, 760)])
        XCTAssertEqual(inners[3].subscriptions, [])
        XCTAssertEqual(inners[4].subscriptions, [])
        XCTAssertEqual(inners[5].subscriptions, [])
        XCTAssertEqual(inners[6].subscriptions, [])
    }

    func testFlatMapFirst_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, inners) = makeFlatMapFirstSources(
            scheduler, thirdEnd: .completed(460), fourthCompletes: true, outerEnd: .completed(900))

        let res = scheduler.start(disposed: 700) { xs.flatMapFirst { $0 } }

        XCTAssertEqual(res.events, [.next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 700)])
        XCTAssertEqual(inners[2].subscriptions, [Subscription(300, 700)])
        XCTAssertEqual(inners[3].subscriptions, [])
        XCTAssertEqual(inners[4].subscriptions, [])
        XCTAssertEqual(inners[5].subscriptions, [])
        XCTAssertEqual(inners[6].subscriptions, [])
    }

    // MARK: - concat

    func testConcat_IEofIO() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])
        let xs2 = scheduler.createColdObservable([.next(10, 4), .next(20, 5), .completed(30)])
        let xs3 = scheduler.createColdObservable([.next(10, 6), .next(20, 7), .next(30, 8), .next(40, 9), .completed(50)])

        let res = scheduler.start { Observable.concat([xs1, xs2, xs3].map { $0.asObservable() }) }

        XCTAssertEqual(
            res.events,
            [
                .next(210, 1), .next(220, 2), .next(230, 3),
                .next(250, 4), .next(260, 5),
                .next(280, 6), .next(290, 7), .next(300, 8), .next(310, 9),
                .completed(320),
            ])
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(xs2.subscriptions, [Subscription(240, 270)])
        XCTAssertEqual(xs3.subscriptions, [Subscription(270, 320)])
    }

    func testConcat_EnumerableTiming() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(230)])
        let xs2 = scheduler.createColdObservable([.next(50, 4), .next(60, 5), .next(70, 6), .completed(80)])
        let xs3 = scheduler.createHotObservable([
            .next(150, 1), .next(200, 2), .next(210, 3), .next(220, 4), .next(230, 5), .next(270, 6),
            .next(320, 7), .next(330, 8), .completed(340),
        ])

        // The cold xs2 appears twice: it is subscribed afresh the second time.
        let res = scheduler.start { Observable.concat([xs1, xs2, xs3, xs2].map { $0.asObservable() }) }

        XCTAssertEqual(
            res.events,
            [
                .next(210, 2), .next(220, 3),
                .next(280, 4), .next(290, 5), .next(300, 6),
                .next(320, 7), .next(330, 8),
                .next(390, 4), .next(400, 5), .next(410, 6),
                .completed(420),
            ])
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(xs2.subscriptions, [Subscription(230, 310), Subscription(340, 420)])
        XCTAssertEqual(xs3.subscriptions, [Subscription(310, 340)])
    }

    func testConcat_EmptyNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createHotObservable([.next(150, 1), .completed(230)])
        let xs2 = scheduler.createHotObservable([Recorded.next(150, 1)])

        let res = scheduler.start { Observable.concat([xs1, xs2].map { $0.asObservable() }) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(xs2.subscriptions, [Subscription(230, 1000)])
    }

    // MARK: - catch(_:) / catch(sequence:)

    func testCatch_ErrorSpecific_Caught() {
        let scheduler = TestScheduler(initialClock: 0)
        let o1 = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .error(230, testError)])
        let o2 = scheduler.createHotObservable([.next(240, 4), .completed(250)])
        var handlerCalled: TestTime?

        let res = scheduler.start {
            o1.catch { _ in
                handlerCalled = scheduler.clock
                return o2.asObservable()
            }
        }

        XCTAssertEqual(handlerCalled, 230)
        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .next(240, 4), .completed(250)])
        XCTAssertEqual(o1.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(o2.subscriptions, [Subscription(230, 250)])
    }

    func testCatch_CatchSequenceOf_IEofIO() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .error(40, testError)])
        let xs2 = scheduler.createColdObservable([.next(10, 4), .next(20, 5), .error(30, testError)])
        let xs3 = scheduler.createColdObservable([.next(10, 6), .next(20, 7), .next(30, 8), .next(40, 9), .completed(50)])

        let res = scheduler.start {
            Observable.catch(sequence: [xs1.asObservable(), xs2.asObservable(), xs3.asObservable()])
        }

        XCTAssertEqual(
            res.events,
            [
                .next(210, 1), .next(220, 2), .next(230, 3),
                .next(250, 4), .next(260, 5),
                .next(280, 6), .next(290, 7), .next(300, 8), .next(310, 9),
                .completed(320),
            ])
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(xs2.subscriptions, [Subscription(240, 270)])
        XCTAssertEqual(xs3.subscriptions, [Subscription(270, 320)])
    }

    func testCatch_CatchSequenceOf_ErrorNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .error(230, testError)])
        let xs2 = scheduler.createHotObservable([Recorded.next(150, 1)])

        let res = scheduler.start { Observable.catch(sequence: [xs1, xs2].map { $0.asObservable() }) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3)])
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(xs2.subscriptions, [Subscription(230, 1000)])
    }

    func testCatch_CatchSequenceOf_Multiple() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(215, testError)])
        let xs2 = scheduler.createHotObservable([.next(220, 3), .error(225, testError)])
        let xs3 = scheduler.createHotObservable([.next(230, 4), .completed(235)])

        let res = scheduler.start {
            Observable.catch(sequence: [xs1.asObservable(), xs2.asObservable(), xs3.asObservable()])
        }

        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 3), .next(230, 4), .completed(235)])
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 215)])
        XCTAssertEqual(xs2.subscriptions, [Subscription(215, 225)])
        XCTAssertEqual(xs3.subscriptions, [Subscription(225, 235)])
    }

    // MARK: - retry() / retry(_:)

    func testRetry_Infinite() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(100, 1), .next(150, 2), .next(200, 3)])

        let res = scheduler.start { xs.retry() }

        XCTAssertEqual(res.events, [.next(300, 1), .next(350, 2), .next(400, 3)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testRetry_RetryCount_Basic() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .next(10, 2), .next(15, 3), .error(20, testError)])

        let res = scheduler.start { xs.retry(3) }

        XCTAssertEqual(
            res.events,
            [
                .next(205, 1), .next(210, 2), .next(215, 3),
                .next(225, 1), .next(230, 2), .next(235, 3),
                .next(245, 1), .next(250, 2), .next(255, 3),
                .error(260, testError),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
    }

    func testRetry_RetryCount_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .next(10, 2), .next(15, 3), .error(20, testError)])

        let res = scheduler.start(disposed: 231) { xs.retry(3) }

        XCTAssertEqual(res.events, [.next(205, 1), .next(210, 2), .next(215, 3), .next(225, 1), .next(230, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220), Subscription(220, 231)])
    }

    // MARK: - retry(when:)

    func testRetryWhen_ObservableComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, retryError), .completed(40)])
        let empty = scheduler.createHotObservable([.next(150, 1), .completed(230)])

        let res = scheduler.start {
            xs.retry(when: { (_: Observable<RetryWhenError>) in empty.asObservable() })
        }

        // The handler's sequence completes at 230, together with the source's error: the result completes.
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testRetryWhen_ObservableNextError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, retryError), .completed(40)])

        let res = scheduler.start(disposed: 300) {
            xs.retry(when: { (errors: Observable<RetryWhenError>) in
                errors.scan(0) { (count: Int, _: RetryWhenError) throws -> Int in
                    if count + 1 == 2 { throw testError1 }
                    return count + 1
                }
            })
        }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(240, 1), .next(250, 2), .error(260, testError1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230), Subscription(230, 260)])
    }

    func testRetryWhen_ObservableNextComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, retryError), .completed(40)])

        let res = scheduler.start(disposed: 300) {
            xs.retry(when: { (errors: Observable<RetryWhenError>) in
                errors.scan(0) { count, _ in count + 1 }.take(while: { $0 < 2 })
            })
        }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(240, 1), .next(250, 2), .completed(260)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230), Subscription(230, 260)])
    }

    func testRetryWhen_Incremental_BackOff() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .error(10, retryError)])
        let maxAttempts = 4

        let res = scheduler.start(disposed: 800) {
            xs.retry(when: { (errors: Observable<Swift.Error>) in
                errors.enumerated().flatMap { attempt -> Observable<Int64> in
                    if attempt.index >= maxAttempts - 1 {
                        return Observable.error(attempt.element)
                    }
                    return Observable<Int64>.timer(.seconds((attempt.index + 1) * 50), scheduler: scheduler)
                }
            })
        }

        XCTAssertEqual(res.events, [.next(205, 1), .next(265, 1), .next(375, 1), .next(535, 1), .error(540, retryError)])
        XCTAssertEqual(
            xs.subscriptions,
            [
                Subscription(200, 210), Subscription(260, 270), Subscription(370, 380), Subscription(530, 540),
            ])
    }

    // MARK: - timeout(_:scheduler:) / timeout(_:other:scheduler:)

    func testTimeout_Duetime_Timeout_Exact() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([
            .next(10, 42), .next(20, 43), .next(50, 44), .next(60, 45), .completed(70),
        ])

        let res = scheduler.start { xs.timeout(.seconds(30), scheduler: scheduler) }

        // 44 arrives exactly 30 after 43: the value wins over the timer.
        XCTAssertEqual(res.events, [.next(210, 42), .next(220, 43), .next(250, 44), .next(260, 45), .completed(270)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 270)])
    }

    func testTimeout_TimeoutOccurs_2() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 1), .next(130, 2), .next(240, 3), .next(310, 4), .next(430, 5), .completed(500),
        ])
        let ys = scheduler.createColdObservable([.next(50, -1), .next(200, -2), .next(310, -3), .completed(320)])

        let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }

        XCTAssertEqual(
            res.events,
            [
                .next(240, 3), .next(310, 4), .next(460, -1), .next(610, -2), .next(720, -3), .completed(730),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 410)])
        XCTAssertEqual(ys.subscriptions, [Subscription(410, 730)])
    }

    func testTimeout_TimeoutOccurs_Completed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs: TestableObservable<Int> = scheduler.createHotObservable([.completed(500)])
        let ys = scheduler.createColdObservable([Recorded.next(100, -1)])

        let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(400, -1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(300, 1000)])
    }

    func testTimeout_TimeoutOccurs_NextIsError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded.next(500, 42)])
        let ys: TestableObservable<Int> = scheduler.createColdObservable([.error(100, testError)])

        let res = scheduler.start { xs.timeout(.seconds(100), other: ys, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.error(400, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(300, 400)])
    }

    // MARK: - delaySubscription

    func testDelaySubscription_TimeSpan_Simple() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 42), .next(60, 43), .completed(70)])

        let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(280, 42), .next(290, 43), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(230, 300)])
    }

    func testDelaySubscription_TimeSpan_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 42), .next(60, 43), .error(70, testError)])

        let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(280, 42), .next(290, 43), .error(300, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(230, 300)])
    }

    func testDelaySubscription_TimeSpan_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 42), .next(60, 43), .error(70, testError)])

        let res = scheduler.start(disposed: 291) { xs.delaySubscription(.seconds(30), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(280, 42), .next(290, 43)])
        XCTAssertEqual(xs.subscriptions, [Subscription(230, 291)])
    }

    // MARK: - sample

    func testSample_Sampler_Simple2() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(220, 2), .next(240, 3), .next(290, 4), .next(300, 5), .next(310, 6), .next(360, 7),
            .completed(400),
        ])
        let ys = scheduler.createHotObservable([
            .next(150, ""), .next(210, "bar"), .next(250, "foo"), .next(260, "qux"), .next(320, "baz"), .completed(500),
        ])

        let res = scheduler.start { xs.sample(ys) }

        // The sampler's completion samples the pending 7, then completes because the source already ended.
        XCTAssertEqual(res.events, [.next(250, 3), .next(320, 6), .next(500, 7), .completed(500)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 500)])
    }

    func testSample_Sampler_Simple3() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(220, 2), .next(240, 3), .next(290, 4), .completed(300),
        ])
        let ys = scheduler.createHotObservable([
            .next(150, ""), .next(210, "bar"), .next(250, "foo"), .next(260, "qux"), .next(320, "baz"), .completed(500),
        ])

        let res = scheduler.start { xs.sample(ys) }

        XCTAssertEqual(res.events, [.next(250, 3), .next(320, 4), .completed(320)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 320)])
    }

    func testSample_Sampler_SamplerThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(220, 2), .next(240, 3), .next(290, 4), .next(300, 5), .next(310, 6), .completed(400),
        ])
        let ys = scheduler.createHotObservable([
            .next(150, ""), .next(210, "bar"), .next(250, "foo"), .next(260, "qux"), .error(320, testError),
        ])

        let res = scheduler.start { xs.sample(ys) }

        XCTAssertEqual(res.events, [.next(250, 3), .error(320, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 320)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 320)])
    }

    // MARK: - debounce (numbers from the Rx.NET cases RxSwift ports; see the header)

    func testDebounce_DebounceTimeSpan_AllPass() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(240, 2), .next(270, 3), .next(300, 4), .completed(400),
        ])

        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(230, 1), .next(260, 2), .next(290, 3), .next(320, 4), .completed(400)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    func testDebounce_DebounceTimeSpan_AllDrop() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(240, 2), .next(270, 3), .next(300, 4), .next(330, 5), .next(360, 6),
            .next(390, 7), .completed(400),
        ])

        let res = scheduler.start { xs.debounce(.seconds(40), scheduler: scheduler) }

        // Every value is superseded within 40; only the completion flushes the last one.
        XCTAssertEqual(res.events, [.next(400, 7), .completed(400)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    func testDebounce_DebounceTimeSpan_AllDrop_ErrorEnd() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(240, 2), .next(270, 3), .next(300, 4), .next(330, 5), .next(360, 6),
            .next(390, 7), .error(400, testError),
        ])

        let res = scheduler.start { xs.debounce(.seconds(40), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.error(400, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
    }

    // MARK: - throttle

    private func makeThrottleSource(
        _ scheduler: TestScheduler, end: Recorded<Event<Int>>
    ) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(250, 3), .next(310, 4), .next(350, 5), .next(410, 6), .next(450, 7), end,
        ])
    }

    func testThrottle_ThrottleTimeSpan_Completed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeThrottleSource(scheduler, end: .completed(500))

        let res = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }

        // 6 arrives exactly when the period that started at 210 ends, so it goes out at once and the
        // pending 5 is dropped; 7 is held to the end of the next period, and the completion with it.
        XCTAssertEqual(res.events, [.next(210, 2), .next(410, 6), .next(610, 7), .completed(610)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 500)])
    }

    func testThrottle_ThrottleTimeSpan_CompletedAfterDueTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeThrottleSource(scheduler, end: .completed(900))

        let res = scheduler.start { xs.throttle(.seconds(200), scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(410, 6), .next(610, 7), .completed(900)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 900)])
    }

    func testThrottle_ThrottleTimeSpan_NotLatest_Completed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeThrottleSource(scheduler, end: .completed(500))

        let res = scheduler.start { xs.throttle(.seconds(200), latest: false, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .next(410, 6), .completed(500)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 500)])
    }

    func testThrottle_ThrottleTimeSpan_NotLatest_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(250, 3), .next(310, 4), .next(350, 5), .error(410, testError),
            .next(450, 7), .completed(500),
        ])

        let res = scheduler.start { xs.throttle(.seconds(200), latest: false, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(210, 2), .error(410, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 410)])
    }

    // MARK: - amb

    func testAmb_Never2() {
        let scheduler = TestScheduler(initialClock: 0)
        let x1 = scheduler.createHotObservable([Recorded.next(150, 1)])
        let x2 = scheduler.createHotObservable([Recorded.next(150, 1)])

        let res = scheduler.start { x1.amb(x2) }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(x1.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(x2.subscriptions, [Subscription(200, 1000)])
    }

    func testAmb_ThrowsBeforeElectionRight() {
        let scheduler = TestScheduler(initialClock: 0)
        let x1 = scheduler.createHotObservable([.next(150, 1), .next(220, 3), .completed(250)])
        let x2 = scheduler.createHotObservable([.next(150, 1), .error(210, testError)])

        let res = scheduler.start { x1.amb(x2) }

        XCTAssertEqual(res.events, [.error(210, testError)])
        XCTAssertEqual(x1.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(x2.subscriptions, [Subscription(200, 210)])
    }

    // MARK: - withLatestFrom

    private func makeWithLatestFromFirst(_ scheduler: TestScheduler) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(90, 1), .next(180, 2), .next(250, 3), .next(260, 4), .next(310, 5), .next(340, 6), .completed(390),
        ])
    }

    func testWithLatestFrom_Simple2() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeWithLatestFromFirst(scheduler)
        let ys = scheduler.createHotObservable([
            .next(255, "bar"), .next(330, "foo"), .next(350, "qux"), .next(370, "baz"), .completed(400),
        ])

        let res = scheduler.start { xs.withLatestFrom(ys) { x, y in "\(x)\(y)" } }

        // The first sequence's completion ends the second's subscription too.
        XCTAssertEqual(res.events, [.next(260, "4bar"), .next(310, "5bar"), .next(340, "6foo"), .completed(390)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 390)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 390)])
    }

    func testWithLatestFrom_Simple3() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeWithLatestFromFirst(scheduler)
        let ys = scheduler.createHotObservable([
            .next(245, "bar"), .next(330, "foo"), .next(350, "qux"), .next(370, "baz"), .completed(400),
        ])

        let res = scheduler.start { xs.withLatestFrom(ys) { x, y in "\(x)\(y)" } }

        XCTAssertEqual(
            res.events,
            [
                .next(250, "3bar"), .next(260, "4bar"), .next(310, "5bar"), .next(340, "6foo"), .completed(390),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 390)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 390)])
    }

    func testWithLatestFrom_Error2() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeWithLatestFromFirst(scheduler)
        let ys = scheduler.createHotObservable([
            .next(255, "bar"), .next(330, "foo"), .next(350, "qux"), .error(370, testError),
        ])

        let res = scheduler.start { xs.withLatestFrom(ys) { x, y in "\(x)\(y)" } }

        XCTAssertEqual(res.events, [.next(260, "4bar"), .next(310, "5bar"), .next(340, "6foo"), .error(370, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 370)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 370)])
    }

    // MARK: - takeLast

    func testTakeLast_Complete_Less() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 6), .next(150, 4), .next(210, 9), .next(230, 13), .next(270, 7), .next(280, 1), .next(300, -1),
            .completed(300),
        ])

        let res = scheduler.start { xs.takeLast(7) }

        XCTAssertEqual(
            res.events,
            [
                .next(300, 9), .next(300, 13), .next(300, 7), .next(300, 1), .next(300, -1), .completed(300),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testTakeLast_Complete_More() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 6), .next(150, 4), .next(210, 9), .next(230, 13), .next(270, 7), .next(280, 1), .next(300, -1),
            .next(310, 3), .next(340, 8), .completed(350),
        ])

        let res = scheduler.start { xs.takeLast(5) }

        XCTAssertEqual(
            res.events,
            [
                .next(350, 7), .next(350, 1), .next(350, -1), .next(350, 3), .next(350, 8), .completed(350),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 350)])
    }

    func testTakeLast_Error_More() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 6), .next(150, 4), .next(210, 9), .next(230, 13), .next(270, 7), .next(280, 1), .next(300, -1),
            .next(310, 3), .next(340, 64), .error(360, testError),
        ])

        let res = scheduler.start { xs.takeLast(5) }

        XCTAssertEqual(res.events, [.error(360, testError)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 360)])
    }

    // MARK: - window(timeSpan:count:scheduler:)

    /// RxSwift's composition: tag each window's values with the window's index, then merge the windows.
    private func taggedWindows(_ xs: TestableObservable<Int>, _ scheduler: TestScheduler) -> Observable<String> {
        xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler)
            .enumerated()
            .map { window -> Observable<String> in window.element.map { "\(window.index) \($0)" } }
            .merge()
    }

    func testWindow_WindowWithTimeOrCount_Basic() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .next(350, 6), .next(370, 7),
            .next(420, 8), .next(470, 9), .completed(600),
        ])

        let res = scheduler.start { self.taggedWindows(xs, scheduler) }

        XCTAssertEqual(
            res.events,
            [
                .next(205, "0 1"), .next(210, "0 2"), .next(240, "0 3"),
                .next(280, "1 4"),
                .next(320, "2 5"), .next(350, "2 6"), .next(370, "2 7"),
                .next(420, "3 8"),
                .next(470, "4 9"),
                .completed(600),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 600)])
    }

    func testWindow_WindowWithTimeOrCount_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .next(350, 6), .next(370, 7),
            .next(420, 8), .next(470, 9), .error(600, testError),
        ])

        let res = scheduler.start { self.taggedWindows(xs, scheduler) }

        XCTAssertEqual(
            res.events,
            [
                .next(205, "0 1"), .next(210, "0 2"), .next(240, "0 3"),
                .next(280, "1 4"),
                .next(320, "2 5"), .next(350, "2 6"), .next(370, "2 7"),
                .next(420, "3 8"),
                .next(470, "4 9"),
                .error(600, testError),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 600)])
    }

    func testWindow_WindowWithTimeOrCount_Disposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(105, 0), .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .next(350, 6),
            .next(370, 7), .next(420, 8), .next(470, 9), .completed(600),
        ])

        let res = scheduler.start(disposed: 370) { self.taggedWindows(xs, scheduler) }

        // 7 is sent at 370 before the disposal scheduled for the same time.
        XCTAssertEqual(
            res.events,
            [
                .next(205, "0 1"), .next(210, "0 2"), .next(240, "0 3"),
                .next(280, "1 4"),
                .next(320, "2 5"), .next(350, "2 6"), .next(370, "2 7"),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 370)])
    }

    // MARK: - groupBy

    func testGroupBy_TwoGroup() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .next(350, 6), .next(370, 7),
            .next(420, 8), .next(470, 9), .completed(600),
        ])

        let res = scheduler.start {
            xs.groupBy { $0 % 2 }
                .enumerated()
                .map { group -> Observable<String> in group.element.map { "\(group.index) \($0)" } }
                .merge()
        }

        XCTAssertEqual(
            res.events,
            [
                .next(205, "0 1"), .next(210, "1 2"), .next(240, "0 3"), .next(280, "1 4"), .next(320, "0 5"),
                .next(350, "1 6"), .next(370, "0 7"), .next(420, "1 8"), .next(470, "0 9"), .completed(600),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 600)])
    }

    /// RxSwift's string source for `testGroupBy_Outer*` / `testGroupBy_Inner*`; `leading` adds its values before 200.
    private func makeGroupBySource(_ scheduler: TestScheduler, leading: Bool) -> TestableObservable<String> {
        var events: [Recorded<Event<String>>] = leading ? [.next(90, "abc"), .next(110, "zoo"), .next(130, "oof")] : []
        events += [
            .next(220, "  foo"), .next(240, " FoO "), .next(270, "baR  "), .next(310, "foO "), .next(350, " Baz   "),
            .next(360, "  qux "), .next(390, "   bar"), .next(420, " BAR  "), .next(470, "FOO "), .next(480, "baz  "),
            .next(510, " bAZ "), .next(530, "    fOo    "), .completed(570), .next(580, "error"), .completed(600),
            .error(650, testError),
        ]
        return scheduler.createHotObservable(events)
    }

    func testGroupBy_OuterComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeGroupBySource(scheduler, leading: false)
        var keyInvoked = 0

        let res = scheduler.start {
            xs.groupBy { value throws -> String in
                keyInvoked += 1
                if value == "error" { throw testError }
                return trimmed(value.lowercased())
            }
            .map { $0.key }
        }

        XCTAssertEqual(
            res.events,
            [
                .next(220, "foo"), .next(270, "bar"), .next(350, "baz"), .next(360, "qux"), .completed(570),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 570)])
        // Nothing after the completion at 570 reaches the key selector.
        XCTAssertEqual(keyInvoked, 12)
    }

    func testGroupBy_InnerComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeGroupBySource(scheduler, leading: true)
        var outerSubscription: Disposable?
        var inners: [String: GroupedObservable<String, String>] = [:]
        var innerSubscriptions: [String: Disposable] = [:]
        var results: [String: TestableObserver<String>] = [:]

        scheduler.scheduleAt(200) {
            let outer = xs.groupBy { value throws -> String in
                if value == "error" { throw testError }
                return trimmed(value.lowercased())
            }
            outerSubscription = outer.subscribe(onNext: { group in
                let result = scheduler.createObserver(String.self)
                inners[group.key] = group
                results[group.key] = result
                // Each group is subscribed 100 after it was sent, so its first values are missed.
                innerSubscriptions[group.key] = scheduler.scheduleRelative((), dueTime: .seconds(100)) { _ in
                    group.subscribe(result)
                }
            })
        }
        scheduler.scheduleAt(1000) {
            outerSubscription?.dispose()
            for disposable in innerSubscriptions.values { disposable.dispose() }
        }
        scheduler.start()

        XCTAssertEqual(inners.count, 4)
        XCTAssertEqual(results["foo"]?.events ?? [], [.next(470, "FOO "), .next(530, "    fOo    "), .completed(570)])
        XCTAssertEqual(results["bar"]?.events ?? [], [.next(390, "   bar"), .next(420, " BAR  "), .completed(570)])
        XCTAssertEqual(results["baz"]?.events ?? [], [.next(480, "baz  "), .next(510, " bAZ "), .completed(570)])
        XCTAssertEqual(results["qux"]?.events ?? [], [.completed(570)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 570)])
    }

    // MARK: - share(replay:scope:)

    private func makeShareSource(
        _ scheduler: TestScheduler, stop: Recorded<Event<Int>>? = nil
    ) -> TestableObservable<Int> {
        var events: [Recorded<Event<Int>>] = [
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(320, 6),
        ]
        if let stop {
            events.append(stop)
            events.append(.next(340, -1))
        }
        events.append(.next(550, 7))
        return scheduler.createHotObservable(events)
    }

    func testShareReplayScope_testDefaultArguments() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeShareSource(scheduler)
        var ys: Observable<Int>?
        var subscription1: Disposable?
        var subscription2: Disposable?
        var subscription3: Disposable?
        let res1 = scheduler.createObserver(Int.self)
        let res2 = scheduler.createObserver(Int.self)
        let res3 = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(100) { ys = xs.share() }
        scheduler.scheduleAt(200) { subscription1 = ys?.subscribe(res1) }
        scheduler.scheduleAt(300) { subscription2 = ys?.subscribe(res2) }
        scheduler.scheduleAt(350) { subscription1?.dispose() }
        scheduler.scheduleAt(400) { subscription2?.dispose() }
        scheduler.scheduleAt(500) { subscription3 = ys?.subscribe(res3) }
        scheduler.scheduleAt(600) { subscription3?.dispose() }
        scheduler.start()

        XCTAssertEqual(res1.events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(320, 6)])
        XCTAssertEqual(res2.events, [.next(320, 6)])
        XCTAssertEqual(res3.events, [.next(550, 7)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400), Subscription(500, 600)])
    }

    func testShareReplayScope_whileConnected_error() {
        for replay in 0..<5 {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = makeShareSource(scheduler, stop: .error(330, testError))
            var ys: Observable<Int>?
            var subscription1: Disposable?
            var subscription2: Disposable?
            var subscription3: Disposable?
            let res1 = scheduler.createObserver(Int.self)
            let res2 = scheduler.createObserver(Int.self)
            let resubscriber1 = scheduler.createObserver(Int.self)
            let resubscriber2 = scheduler.createObserver(Int.self)
            let res3 = scheduler.createObserver(Int.self)

            scheduler.scheduleAt(100) { ys = xs.share(replay: replay, scope: .whileConnected) }
            // Each of the first two observers subscribes again from inside the stop event it receives.
            scheduler.scheduleAt(200) {
                subscription1 = ys?.subscribe { event in
                    res1.on(event)
                    if event.isStopEvent { subscription1 = ys?.subscribe(resubscriber1) }
                }
            }
            scheduler.scheduleAt(300) {
                subscription2 = ys?.subscribe { event in
                    res2.on(event)
                    if event.isStopEvent { subscription2 = ys?.subscribe(resubscriber2) }
                }
            }
            scheduler.scheduleAt(350) { subscription1?.dispose() }
            scheduler.scheduleAt(400) { subscription2?.dispose() }
            scheduler.scheduleAt(500) { subscription3 = ys?.subscribe(res3) }
            scheduler.scheduleAt(600) { subscription3?.dispose() }
            scheduler.start()

            XCTAssertEqual(
                res1.events,
                [
                    .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(320, 6),
                    .error(330, testError),
                ], "replay \(replay)")
            // The resubscriptions made a new connection at 330: nothing is replayed from the failed one.
            XCTAssertEqual(resubscriber1.events, [.next(340, -1)], "replay \(replay)")
            XCTAssertEqual(resubscriber2.events, [.next(340, -1)], "replay \(replay)")
            let replayedAt300: [Recorded<Event<Int>>] = (0..<replay).map { .next(300, 6 - replay + $0) }
            let expected2: [Recorded<Event<Int>>] = replayedAt300 + [.next(320, 6), .error(330, testError)]
            XCTAssertEqual(res2.events, expected2, "replay \(replay)")
            XCTAssertEqual(res3.events, [.next(550, 7)], "replay \(replay)")
            XCTAssertEqual(
                xs.subscriptions,
                [
                    Subscription(200, 330), Subscription(330, 400), Subscription(500, 600),
                ], "replay \(replay)")
        }
    }

    func testShareReplayScope_forever_error() {
        for replay in 0..<5 {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = makeShareSource(scheduler, stop: .error(330, testError))
            var ys: Observable<Int>?
            var subscription1: Disposable?
            var subscription2: Disposable?
            var subscription3: Disposable?
            let res1 = scheduler.createObserver(Int.self)
            let res2 = scheduler.createObserver(Int.self)
            let resubscriber1 = scheduler.createObserver(Int.self)
            let resubscriber2 = scheduler.createObserver(Int.self)
            let res3 = scheduler.createObserver(Int.self)

            scheduler.scheduleAt(100) { ys = xs.share(replay: replay, scope: .forever) }
            scheduler.scheduleAt(200) {
                subscription1 = ys?.subscribe { event in
                    res1.on(event)
                    if event.isStopEvent { subscription1 = ys?.subscribe(resubscriber1) }
                }
            }
            scheduler.scheduleAt(300) {
                subscription2 = ys?.subscribe { event in
                    res2.on(event)
                    if event.isStopEvent { subscription2 = ys?.subscribe(resubscriber2) }
                }
            }
            scheduler.scheduleAt(350) { subscription1?.dispose() }
            scheduler.scheduleAt(400) { subscription2?.dispose() }
            scheduler.scheduleAt(500) { subscription3 = ys?.subscribe(res3) }
            scheduler.scheduleAt(600) { subscription3?.dispose() }
            scheduler.start()

            XCTAssertEqual(
                res1.events,
                [
                    .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(320, 6),
                    .error(330, testError),
                ], "replay \(replay)")
            // The one subject keeps its buffer and its error: late subscribers get both and nothing reconnects.
            let replayedAt330: [Recorded<Event<Int>>] = (0..<replay).map { .next(330, 7 - replay + $0) }
            let expectedLate: [Recorded<Event<Int>>] = replayedAt330 + [.error(330, testError)]
            XCTAssertEqual(resubscriber1.events, expectedLate, "replay \(replay)")
            XCTAssertEqual(resubscriber2.events, expectedLate, "replay \(replay)")
            let replayedAt300: [Recorded<Event<Int>>] = (0..<replay).map { .next(300, 6 - replay + $0) }
            let expected2: [Recorded<Event<Int>>] = replayedAt300 + [.next(320, 6), .error(330, testError)]
            XCTAssertEqual(res2.events, expected2, "replay \(replay)")
            let replayedAt500: [Recorded<Event<Int>>] = (0..<replay).map { .next(500, 7 - replay + $0) }
            let expected3: [Recorded<Event<Int>>] = replayedAt500 + [.error(500, testError)]
            XCTAssertEqual(res3.events, expected3, "replay \(replay)")
            XCTAssertEqual(xs.subscriptions, [Subscription(200, 330)], "replay \(replay)")
        }
    }

    // MARK: - multicast / connect

    private func makeMulticastSource(
        _ scheduler: TestScheduler, stop: Recorded<Event<Int>>? = nil
    ) -> TestableObservable<Int> {
        var events: [Recorded<Event<Int>>] = [
            .next(110, 7), .next(220, 3), .next(280, 4), .next(290, 1), .next(340, 8), .next(360, 5), .next(370, 6),
            .next(390, 7), .next(410, 13), .next(430, 2),
        ]
        if let stop { events.append(stop) }
        events += [
            .next(450, 9), .next(520, 11), .next(560, 20), .next(570, 21), .next(580, 23), .next(590, 24),
            .next(600, 25), .next(610, 26), .next(620, 27), .next(630, 28), .error(800, testError),
        ]
        return scheduler.createHotObservable(events)
    }

    /// RxSwift's connection schedule for the `testMulticast*` cases: connect at 300, 420, 440 (while the
    /// 420 connection is live) and 575; disconnect at 400, 530 (through the 440 handle), 590 (a stale
    /// handle) and 621.
    private func scheduleMulticastConnections(_ scheduler: TestScheduler, _ ys: @escaping () -> ConnectableObservable<Int>?) {
        var connection: Disposable?
        var innerConnection: Disposable?
        var lastConnection: Disposable?
        scheduler.scheduleAt(300) { connection = ys()?.connect() }
        scheduler.scheduleAt(400) { connection?.dispose() }
        scheduler.scheduleAt(420) { connection = ys()?.connect() }
        scheduler.scheduleAt(440) { innerConnection = ys()?.connect() }
        scheduler.scheduleAt(530) { innerConnection?.dispose() }
        scheduler.scheduleAt(575) { lastConnection = ys()?.connect() }
        scheduler.scheduleAt(590) { connection?.dispose() }
        scheduler.scheduleAt(621) { lastConnection?.dispose() }
    }

    func testMulticast_MulticastWhileConnected_connectControlsSourceSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeMulticastSource(scheduler)
        var ys: ConnectableObservable<Int>?
        var subscription: Disposable?
        let res = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(100) { ys = xs.multicast(makeSubject: { ReplaySubject<Int>.create(bufferSize: 3) }) }
        scheduler.scheduleAt(405) { subscription = ys?.subscribe(res) }
        scheduler.scheduleAt(1000) { subscription?.dispose() }
        scheduleMulticastConnections(scheduler) { ys }
        scheduler.start()

        // Subscribed between connections: a new subject (nothing to replay), left behind by the 575 connection.
        XCTAssertEqual(res.events, [.next(430, 2), .next(450, 9), .next(520, 11)])
        XCTAssertEqual(xs.subscriptions, [Subscription(300, 400), Subscription(420, 530), Subscription(575, 621)])
    }

    func testMulticast_MulticastWhileConnected_error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeMulticastSource(scheduler, stop: .error(435, testError))
        var ys: ConnectableObservable<Int>?
        var subscription: Disposable?
        let res = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(100) { ys = xs.multicast(makeSubject: { ReplaySubject<Int>.create(bufferSize: 1) }) }
        scheduler.scheduleAt(405) {
            subscription = ys?.do(onError: { _ in
                subscription = ys?.subscribe(res)
                _ = ys?.connect()
            }).subscribe(res)
        }
        scheduler.scheduleAt(1000) { subscription?.dispose() }
        scheduleMulticastConnections(scheduler) { ys }
        scheduler.start()

        XCTAssertEqual(res.events, [.next(430, 2), .error(435, testError), .next(450, 9), .next(520, 11)])
        XCTAssertEqual(
            xs.subscriptions,
            [
                Subscription(300, 400), Subscription(420, 435), Subscription(435, 530), Subscription(575, 621),
            ])
    }

    func testMulticast_MulticastForever_connectControlsSourceSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeMulticastSource(scheduler)
        var ys: ConnectableObservable<Int>?
        var subscription: Disposable?
        let res = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(100) { ys = xs.multicast(ReplaySubject<Int>.create(bufferSize: 3)) }
        scheduler.scheduleAt(405) { subscription = ys?.subscribe(res) }
        scheduler.scheduleAt(1000) { subscription?.dispose() }
        scheduleMulticastConnections(scheduler) { ys }
        scheduler.start()

        // One subject for every connection: the first connection's last three values are replayed at 405.
        XCTAssertEqual(
            res.events,
            [
                .next(405, 5), .next(405, 6), .next(405, 7), .next(430, 2), .next(450, 9), .next(520, 11),
                .next(580, 23), .next(590, 24), .next(600, 25), .next(610, 26), .next(620, 27),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(300, 400), Subscription(420, 530), Subscription(575, 621)])
    }

    func testMulticast_Cold_Zip() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(40, 0), .next(90, 1), .next(150, 2), .next(210, 3), .next(240, 4), .next(270, 5), .next(330, 6),
            .next(340, 7), .completed(390),
        ])

        let res = scheduler.start {
            xs.multicast(
                { PublishSubject<Int>() },
                selector: { shared in
                    Observable<Int>.zip(shared, shared) { a, b in a + b }
                })
        }

        XCTAssertEqual(
            res.events,
            [
                .next(210, 6), .next(240, 8), .next(270, 10), .next(330, 12), .next(340, 14), .completed(390),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 390)])
    }

    // MARK: - publish().refCount()

    func testRefCount_Publish() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(260, 6), .next(270, 7),
            .next(280, 8), .next(290, 9), .completed(300),
        ])
        let res = xs.publish().refCount()
        let o1 = scheduler.createObserver(Int.self)
        let o2 = scheduler.createObserver(Int.self)
        let o3 = scheduler.createObserver(Int.self)
        let o4 = scheduler.createObserver(Int.self)
        var d1: Disposable?
        var d2: Disposable?
        var d3: Disposable?
        var d4: Disposable?

        scheduler.scheduleAt(215) { d1 = res.subscribe(o1) }
        scheduler.scheduleAt(235) { d1?.dispose() }
        scheduler.scheduleAt(225) { d2 = res.subscribe(o2) }
        scheduler.scheduleAt(275) { d2?.dispose() }
        scheduler.scheduleAt(255) { d3 = res.subscribe(o3) }
        scheduler.scheduleAt(265) { d3?.dispose() }
        scheduler.scheduleAt(285) { d4 = res.subscribe(o4) }
        scheduler.scheduleAt(320) { d4?.dispose() }
        scheduler.start()

        XCTAssertEqual(o1.events, [.next(220, 2), .next(230, 3)])
        XCTAssertEqual(o2.events, [.next(230, 3), .next(240, 4), .next(250, 5), .next(260, 6), .next(270, 7)])
        XCTAssertEqual(o3.events, [.next(260, 6)])
        XCTAssertEqual(o4.events, [.next(290, 9), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(215, 275), Subscription(285, 300)])
    }

    func testRefCount_synchronousResubscribingOnErrorWorks() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let xs2 = scheduler.createColdObservable([.next(10, 2), .error(30, testError1)])
        let xs3 = scheduler.createColdObservable([.next(10, 3), .error(40, testError2)])
        var attempts = 0
        let xs = Observable<Int>.deferred {
            defer { attempts += 1 }
            switch attempts {
            case 0: return xs1.asObservable()
            case 1: return xs2.asObservable()
            default: return xs3.asObservable()
            }
        }
        let res = xs.multicast(makeSubject: { PublishSubject<Int>() }).refCount()
        let o1 = scheduler.createObserver(Int.self)
        let o2 = scheduler.createObserver(Int.self)
        let o3 = scheduler.createObserver(Int.self)

        // Both observers subscribe again, synchronously, from inside the first error they receive.
        scheduler.scheduleAt(215) {
            _ = res.subscribe { event in
                o1.on(event)
                if case .error = event { _ = res.subscribe(o1) }
            }
        }
        scheduler.scheduleAt(220) {
            _ = res.subscribe { event in
                o2.on(event)
                if case .error = event { _ = res.subscribe(o2) }
            }
        }
        scheduler.scheduleAt(400) { _ = res.subscribe(o3) }
        scheduler.start()

        XCTAssertEqual(o1.events, [.next(225, 1), .error(235, testError), .next(245, 2), .error(265, testError1)])
        XCTAssertEqual(o2.events, [.next(225, 1), .error(235, testError), .next(245, 2), .error(265, testError1)])
        XCTAssertEqual(o3.events, [.next(410, 3), .error(440, testError2)])
        XCTAssertEqual(xs1.subscriptions, [Subscription(215, 235)])
        XCTAssertEqual(xs2.subscriptions, [Subscription(235, 265)])
        XCTAssertEqual(xs3.subscriptions, [Subscription(400, 440)])
    }

    // MARK: - replay(_:)

    /// RxSwift's cold source for `testReplayCount_*` / `testReplayOneCount_*`, ending with `end`.
    private func makeReplaySource(_ scheduler: TestScheduler, end: Recorded<Event<Int>>) -> TestableObservable<Int> {
        scheduler.createColdObservable([
            .next(10, 5), .next(20, 9), .next(30, 11), .next(40, 20), .next(50, 22), .next(60, 23), .next(70, 24),
            .next(80, 25), end,
        ])
    }

    /// Subscribes `res` at 450 (disposed at 1000) and connects 400–`firstDisconnect` and 650–700.
    private func runReplay(
        _ scheduler: TestScheduler, _ xs: TestableObservable<Int>, bufferSize: Int, firstDisconnect: TestTime,
        _ res: TestableObserver<Int>
    ) {
        var ys: ConnectableObservable<Int>?
        var subscription: Disposable?
        var connection: Disposable?
        scheduler.scheduleAt(100) { ys = xs.replay(bufferSize) }
        scheduler.scheduleAt(450) { subscription = ys?.subscribe(res) }
        scheduler.scheduleAt(1000) { subscription?.dispose() }
        scheduler.scheduleAt(400) { connection = ys?.connect() }
        scheduler.scheduleAt(firstDisconnect) { connection?.dispose() }
        scheduler.scheduleAt(650) { connection = ys?.connect() }
        scheduler.scheduleAt(700) { connection?.dispose() }
        scheduler.start()
    }

    func testReplayCount_Basic() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeReplaySource(scheduler, end: .error(130, testError))
        let res = scheduler.createObserver(Int.self)

        runReplay(scheduler, xs, bufferSize: 3, firstDisconnect: 520, res)

        // The subscription at 450 is scheduled before the source's value at 450, so 22 comes live after
        // the three replayed values; the 650 connection has a new subject the observer never sees.
        XCTAssertEqual(
            res.events,
            [
                .next(450, 9), .next(450, 11), .next(450, 20), .next(450, 22), .next(460, 23), .next(470, 24),
                .next(480, 25),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(400, 520), Subscription(650, 700)])
    }

    func testReplayCount_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeReplaySource(scheduler, end: .error(90, testError))
        let res = scheduler.createObserver(Int.self)

        runReplay(scheduler, xs, bufferSize: 3, firstDisconnect: 520, res)

        XCTAssertEqual(
            res.events,
            [
                .next(450, 9), .next(450, 11), .next(450, 20), .next(450, 22), .next(460, 23), .next(470, 24),
                .next(480, 25), .error(490, testError),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(400, 490), Subscription(650, 700)])
    }

    func testReplayOneCount_Basic() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeReplaySource(scheduler, end: .completed(130))
        let res = scheduler.createObserver(Int.self)

        runReplay(scheduler, xs, bufferSize: 1, firstDisconnect: 520, res)

        XCTAssertEqual(res.events, [.next(450, 20), .next(450, 22), .next(460, 23), .next(470, 24), .next(480, 25)])
        XCTAssertEqual(xs.subscriptions, [Subscription(400, 520), Subscription(650, 700)])
    }
}
