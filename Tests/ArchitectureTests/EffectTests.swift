import Architecture
import ArchitectureTestSupport
import Dependencies
import Reactive
import TestSupport
import XCTest

enum EffectAction: Sendable, Equatable {
    case start
    case startOther
    case stop
    case value(Int)
    case failed(String)
}

/// Records every action it reduces; the effect for `.start` (and `.startOther`) is given per test.
struct EffectFeature: Reducer {
    let log: Recording<EffectAction>
    let start: @Sendable () -> Effect<EffectAction>
    var startOther: @Sendable () -> Effect<EffectAction> = { .none }
    var stop: @Sendable () -> Effect<EffectAction> = { .none }

    func reduce(into state: inout [Int], action: EffectAction) -> Effect<EffectAction> {
        log.append(action)
        switch action {
        case .start: return start()
        case .startOther: return startOther()
        case .stop: return stop()
        case .value(let value):
            state.append(value)
            return .none
        case .failed: return .none
        }
    }
}

final class EffectTests: XCTestCase {
    private func makeStore(
        start: @escaping @Sendable () -> Effect<EffectAction>,
        startOther: @escaping @Sendable () -> Effect<EffectAction> = { .none },
        stop: @escaping @Sendable () -> Effect<EffectAction> = { .none }
    ) -> (Store<[Int], EffectAction>, Recording<EffectAction>) {
        let log = Recording<EffectAction>()
        let feature = EffectFeature(log: log, start: start, startOther: startOther, stop: stop)
        return (Store(initialState: [], reducer: feature), log)
    }

    func testNoneDoesNothingAndItsTaskIsFinished() {
        let (store, log) = makeStore(start: { .none })
        let task = store.send(.start)
        XCTAssertTrue(task.hasFinished)
        XCTAssertEqual(log.values, [.start])
    }

    func testSendFeedsTheActionBackBeforeSendReturns() {
        let (store, log) = makeStore(start: { .send(.value(1)) })
        store.send(.start)
        XCTAssertEqual(log.values, [.start, .value(1)])
        XCTAssertEqual(store.state, [1])
    }

    func testRunSendsActionsFromAsyncWork() async {
        let (store, _) = makeStore(start: {
            .run { send in
                send(.value(1))
                await Task.yield()
                send(.value(2))
            }
        })
        await store.send(.start).finish()
        XCTAssertEqual(store.state, [1, 2])
    }

    func testRunErrorsGoToTheCatchHandler() async {
        let (store, log) = makeStore(start: {
            .run { _ in
                throw TestFailure(reason: "offline")
            } catch: { error, send in
                send(.failed((error as? TestFailure)?.reason ?? "?"))
            }
        })
        await store.send(.start).finish()
        XCTAssertEqual(log.values, [.start, .failed("offline")])
    }

    func testAnUnhandledRunErrorIsReportedAsAnIssue() async {
        let reporter = CapturingReporter()
        let line: UInt = #line + 2
        let (store, _) = makeStore(start: {
            .run { _ in throw TestFailure(reason: "offline") }
        })
        await withIssueReporter(reporter) {
            await store.send(.start).finish()
        }
        XCTAssertEqual(
            reporter.issues,
            [
                CapturingReporter.Captured(
                    message: "An \"Effect.run\" returned from ArchitectureTests/EffectTests.swift:\(line) threw an unhandled error: "
                        + "TestFailure(reason: \"offline\"). Handle errors inside the operation or pass a \"catch\" handler.",
                    fileID: "ArchitectureTests/EffectTests.swift", line: line)
            ])
    }

    func testMergeRunsEveryEffectAndFinishesWithTheLast() async {
        let gate = Gate()
        let (store, _) = makeStore(start: {
            .merge(
                .run { send in send(.value(1)) },
                .run { send in
                    await gate.wait()
                    send(.value(2))
                },
                .none
            )
        })
        let task = store.send(.start)
        gate.open()
        await task.finish()
        XCTAssertEqual(Set(store.state), [1, 2])
    }

    func testConcatenateStartsEachEffectWhenThePreviousCompletes() async {
        let gate = Gate()
        let events = Recording<String>()
        let (store, _) = makeStore(start: {
            .concatenate(
                .run { send in
                    events.append("first started")
                    await gate.wait()
                    send(.value(1))
                    events.append("first ended")
                },
                .run { send in
                    events.append("second started")
                    send(.value(2))
                }
            )
        })
        let task = store.send(.start)
        await events.wait(for: 1)
        XCTAssertEqual(events.values, ["first started"])
        gate.open()
        await task.finish()
        XCTAssertEqual(events.values, ["first started", "first ended", "second started"])
        XCTAssertEqual(store.state, [1, 2])
    }

    func testCancelStopsTheEffectsUnderAnIdAndDropsWhatTheySendLater() async {
        let cancelled = Gate()
        let release = Gate()
        enum ID { case timer }
        let (store, log) = makeStore(
            start: {
                .run { send in
                    await withTaskCancellationHandler {
                        await release.wait()
                    } onCancel: {
                        cancelled.open()
                    }
                    send(.value(1))
                }
                .cancellable(id: ID.timer)
            },
            stop: { .cancel(id: ID.timer) })
        let task = store.send(.start)
        store.send(.stop)
        await cancelled.wait()
        release.open()
        await task.finish()
        XCTAssertEqual(log.values, [.start, .stop])
        XCTAssertEqual(store.state, [])
    }

    func testWhatAnEffectSentIsDroppedWhenTheEffectIsCancelledBeforeTheStoreGetsToIt() {
        let release = Gate()
        let sent = DispatchSemaphore(value: 0)
        let (store, log) = makeStore(start: {
            .run { send in
                await release.wait()
                send(.value(1))
                sent.signal()
            }
        })
        let task = store.send(.start)
        let sentWhileBusy = Recording<Bool>()
        let subscription = store.states.subscribe(onNext: { state in
            guard state == [5] else { return }
            // The store is busy delivering this state, so what the effect sends now waits in its
            // queue; the effect ends, then is cancelled before the store gets to its action.
            release.open()
            sentWhileBusy.append(sent.wait(timeout: .now() + 10) == .success)
            task.cancel()
        })
        store.send(.value(5))
        subscription.dispose()
        XCTAssertEqual(sentWhileBusy.values, [true])
        XCTAssertEqual(log.values, [.start, .value(5)])
        XCTAssertEqual(store.state, [5])
    }

    func testCancelInFlightCancelsThePreviousEffectWithTheSameId() async {
        let firstCancelled = Gate()
        let secondGate = Gate()
        enum ID { case search }
        let (store, _) = makeStore(
            start: {
                .run { _ in
                    await withTaskCancellationHandler {
                        await Gate().wait()
                    } onCancel: {
                        firstCancelled.open()
                    }
                }
                .cancellable(id: ID.search, cancelInFlight: true)
            },
            startOther: {
                .run { send in
                    await secondGate.wait()
                    send(.value(2))
                }
                .cancellable(id: ID.search, cancelInFlight: true)
            })
        let first = store.send(.start)
        let second = store.send(.startOther)
        await firstCancelled.wait()
        await first.finish()
        secondGate.open()
        await second.finish()
        XCTAssertEqual(store.state, [2])
    }

    func testACancelledConcatenationDoesNotStartItsNextPart() async {
        enum ID { case sequence }
        let started = Gate()
        let (store, log) = makeStore(
            start: {
                .concatenate(
                    .run { _ in
                        started.open()
                        await Gate().wait()
                    },
                    .send(.value(99))
                )
                .cancellable(id: ID.sequence)
            },
            stop: { .cancel(id: ID.sequence) })
        let task = store.send(.start)
        await started.wait()
        store.send(.stop)
        await task.finish()
        XCTAssertEqual(log.values, [.start, .stop])
    }

    func testAnObservableEffectSendsItsValuesUntilItCompletes() async {
        let subject = PublishSubject<Int>()
        let (store, _) = makeStore(start: { .observable { subject.map(EffectAction.value) } })
        let task = store.send(.start)
        XCTAssertTrue(subject.hasObservers)
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertFalse(task.hasFinished)
        subject.onCompleted()
        await task.finish()
        XCTAssertEqual(store.state, [1, 2])
    }

    func testCancellingAnObservableEffectDisposesTheSubscription() async {
        enum ID { case stream }
        let subject = PublishSubject<Int>()
        let (store, _) = makeStore(
            start: { .observable { subject.map(EffectAction.value) }.cancellable(id: ID.stream) },
            stop: { .cancel(id: ID.stream) })
        let task = store.send(.start)
        subject.onNext(1)
        store.send(.stop)
        XCTAssertFalse(subject.hasObservers)
        subject.onNext(2)
        await task.finish()
        XCTAssertEqual(store.state, [1])
    }

    func testAnObservableErrorBecomesAnActionOrAnIssue() async {
        let handled = PublishSubject<Int>()
        let (store, log) = makeStore(start: {
            .observable({ handled.map(EffectAction.value) }, onError: { .failed("\($0)") })
        })
        let task = store.send(.start)
        handled.onError(TestFailure(reason: "x"))
        await task.finish()
        XCTAssertEqual(log.values, [.start, .failed("TestFailure(reason: \"x\")")])

        let unhandled = PublishSubject<Int>()
        let reporter = CapturingReporter()
        let line: UInt = #line + 1
        let (other, _) = makeStore(start: { .observable { unhandled.map(EffectAction.value) } })
        await withIssueReporter(reporter) {
            let task = other.send(.start)
            unhandled.onError(TestFailure(reason: "y"))
            await task.finish()
        }
        XCTAssertEqual(
            reporter.messages,
            [
                "An \"Effect.observable\" returned from ArchitectureTests/EffectTests.swift:\(line) failed with an unhandled "
                    + "error: TestFailure(reason: \"y\"). Pass \"onError\" to turn errors into actions."
            ])
    }

    func testMapTransformsEveryKindOfEffect() async {
        let subject = PublishSubject<Int>()
        let effect: Effect<Int> = .merge(
            .send(1),
            .run { send in send(2) },
            .concatenate(.send(3), .observable { subject.asObservable() })
        )
        let store = Store(
            initialState: [Int](),
            reducer: Reduce<[Int], EffectAction> { state, action in
                switch action {
                case .start: return effect.map { EffectAction.value($0 * 10) }
                case .value(let value): state.append(value)
                default: break
                }
                return .none
            })
        let task = store.send(.start)
        subject.onNext(4)
        subject.onCompleted()
        await task.finish()
        XCTAssertEqual(Set(store.state), [10, 20, 30, 40])
    }
}
