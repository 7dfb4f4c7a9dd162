import Architecture
import ArchitectureTestSupport
import Dispatch
import Reactive
import XCTest

enum CounterAction: Sendable, Equatable {
    case increment
    case add(Int)
    case noop
}

struct Counter: Reducer {
    func reduce(into state: inout Int, action: CounterAction) -> Effect<CounterAction> {
        switch action {
        case .increment: state += 1
        case .add(let value): state += value
        case .noop: break
        }
        return .none
    }
}

final class StoreTests: XCTestCase {
    func testSendOnAnIdleStoreIsProcessedBeforeSendReturns() {
        let store = Store(initialState: 0, reducer: Counter())
        store.send(.increment)
        store.send(.add(5))
        XCTAssertEqual(store.state, 6)
    }

    func testStatesStartWithTheCurrentStateAndSkipEqualStates() {
        let store = Store(initialState: 0, reducer: Counter())
        let seen = Recording<Int>()
        let subscription = store.states.subscribe(onNext: { seen.append($0) })
        store.send(.increment)
        store.send(.noop)
        store.send(.add(2))
        subscription.dispose()
        store.send(.increment)
        XCTAssertEqual(seen.values, [0, 1, 3])
    }

    func testEndingASubscriptionLetsGoOfItsSubscriberAtOnceAndKeepsTheOthersInOrder() {
        final class Subscriber: Sendable {}
        let store = Store(initialState: 0, reducer: Counter())
        let seen = Recording<String>()
        weak var released: Subscriber?
        let first = store.states.subscribe(onNext: { seen.append("first \($0)") })
        let middle: Disposable
        do {
            let subscriber = Subscriber()
            released = subscriber
            middle = store.states.subscribe(onNext: { state in withExtendedLifetime(subscriber) { seen.append("middle \(state)") } })
        }
        let last = store.states.subscribe(onNext: { seen.append("last \($0)") })
        XCTAssertNotNil(released)
        middle.dispose()
        XCTAssertNil(released, "the ended subscription's closure is let go of when it ends, not at the next state")
        store.send(.increment)
        first.dispose()
        last.dispose()
        store.send(.increment)
        XCTAssertEqual(seen.values, ["first 0", "middle 0", "last 0", "first 1", "last 1"])
    }

    func testASubscriptionNeitherKeepsTheStoreAliveNorFailsToEndAfterIt() {
        weak var released: Store<Int, CounterAction>?
        let seen = Recording<Int>()
        let subscription: Disposable
        do {
            let store = Store(initialState: 0, reducer: Counter())
            released = store
            subscription = store.states.subscribe(onNext: { seen.append($0) })
            store.send(.increment)
        }
        XCTAssertNil(released)
        subscription.dispose()
        subscription.dispose()
        XCTAssertEqual(seen.values, [0, 1])
    }

    func testStatesOfANonEquatableStateDeliverEveryState() {
        struct Box: Sendable { var value = 0 }
        let store = Store(
            initialState: Box(),
            reducer: Reduce<Box, CounterAction> { state, action in
                if action == .increment { state.value += 1 }
                return .none
            })
        let seen = Recording<Int>()
        let subscription = store.states.subscribe(onNext: { seen.append($0.value) })
        store.send(.increment)
        store.send(.noop)
        subscription.dispose()
        XCTAssertEqual(seen.values, [0, 1, 1])
    }

    func testASendFromASubscriberIsQueuedSoEverySubscriberSeesEveryStateInOrder() {
        let store = Store(initialState: 0, reducer: Counter())
        let events = Recording<String>()
        let first = store.states.subscribe(onNext: { state in
            events.append("first saw \(state)")
            if state == 1 {
                store.send(.increment)
                // Queued, not nested: the second subscriber has not seen 1 yet, and the state is still 1.
                events.append("first sent, state \(store.state)")
            }
        })
        let second = store.states.subscribe(onNext: { events.append("second saw \($0)") })
        store.send(.increment)
        first.dispose()
        second.dispose()
        XCTAssertEqual(
            events.values,
            [
                "first saw 0", "second saw 0",
                "first saw 1", "first sent, state 1", "second saw 1",
                "first saw 2", "second saw 2",
            ])
    }

    func testAMiddlewareDispatchIsQueuedUntilTheCurrentActionIsReduced() {
        let reduced = Recording<CounterAction>()
        let reducer = Reduce<Int, CounterAction> { state, action in
            reduced.append(action)
            if case .add(let value) = action { state += value }
            return .none
        }
        let middleware: Middleware<Int, CounterAction> = { dispatch, getState in
            { next in
                { action in
                    if action == .increment { dispatch(.add(10)) }
                    next(action)
                }
            }
        }
        let store = Store(initialState: 0, reducer: reducer, middleware: [middleware])
        store.send(.increment)
        XCTAssertEqual(reduced.values, [.increment, .add(10)])
        XCTAssertEqual(store.state, 10)
    }

    func testSendsFromManyThreadsAreSerialisedAndDeliveredInOrder() {
        let store = Store(initialState: 0, reducer: Counter())
        let seen = Recording<Int>()
        let subscription = store.states.subscribe(onNext: { seen.append($0) })
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<2_000 { store.send(.increment) }
        }
        subscription.dispose()
        XCTAssertEqual(store.state, 16_000)
        XCTAssertEqual(seen.values, Array(0...16_000))
    }

    func testASubscriptionMadeFromASubscriberStartsAfterTheCurrentDelivery() {
        let store = Store(initialState: 0, reducer: Counter())
        let events = Recording<String>()
        let bag = DisposeBag()
        store.states.subscribe(onNext: { state in
            events.append("outer \(state)")
            if state == 1 {
                store.states.subscribe(onNext: { events.append("inner \($0)") }).disposed(by: bag)
                events.append("subscribed")
            }
        }).disposed(by: bag)
        store.send(.increment)
        store.send(.increment)
        XCTAssertEqual(events.values, ["outer 0", "outer 1", "subscribed", "inner 1", "outer 2", "inner 2"])
    }

    func testSendReturnsATaskThatFinishesWithTheEffects() async {
        let gate = Gate()
        let store = Store(
            initialState: 0,
            reducer: Reduce<Int, CounterAction> { state, action in
                switch action {
                case .increment:
                    return .run { send in
                        await gate.wait()
                        send(.add(10))
                    }
                case .add(let value):
                    state += value
                    return .none
                case .noop:
                    return .none
                }
            })
        let task = store.send(.increment)
        XCTAssertFalse(task.hasFinished)
        XCTAssertTrue(store.send(.noop).hasFinished)
        gate.open()
        await task.finish()
        XCTAssertTrue(task.hasFinished)
        XCTAssertEqual(store.state, 10)
    }

    func testCancellingAStoreTaskCancelsItsEffects() async {
        let cancelled = Gate()
        let store = Store(
            initialState: 0,
            reducer: Reduce<Int, CounterAction> { _, action in
                guard action == .increment else { return .none }
                return .run { _ in
                    await withTaskCancellationHandler {
                        await Gate().wait()
                    } onCancel: {
                        cancelled.open()
                    }
                }
            })
        let task = store.send(.increment)
        task.cancel()
        await cancelled.wait()
        await task.finish()
        XCTAssertTrue(task.isCancelled)
    }

    func testReleasingTheStoreCancelsItsEffects() async {
        let cancelled = Gate()
        let started = Gate()
        var store: Store<Int, CounterAction>? = Store(
            initialState: 0,
            reducer: Reduce { _, action in
                guard action == .increment else { return .none }
                return .run { _ in
                    await withTaskCancellationHandler {
                        started.open()
                        await Gate().wait()
                    } onCancel: {
                        cancelled.open()
                    }
                }
            })
        store?.send(.increment)
        await started.wait()
        store = nil
        await cancelled.wait()
    }

    func testAScopedStoreReadsAndSendsThroughItsParent() {
        struct Parent: Sendable, Equatable {
            var child = 0
            var other = "x"
        }
        enum ParentAction: Sendable {
            case child(CounterAction)
            case rename(String)
        }
        let parent = Store(
            initialState: Parent(),
            reducer: Reduce<Parent, ParentAction> { state, action in
                switch action {
                case .child(let action): return Counter().reduce(into: &state.child, action: action).map(ParentAction.child)
                case .rename(let name): state.other = name
                }
                return .none
            })
        let child = parent.scope(state: \.child, action: CasePath(ParentAction.child))
        let seen = Recording<Int>()
        let subscription = child.states.subscribe(onNext: { seen.append($0) })
        child.send(.add(3))
        parent.send(.rename("y"))
        parent.send(.child(.increment))
        subscription.dispose()
        XCTAssertEqual(child.state, 4)
        XCTAssertEqual(parent.state, Parent(child: 4, other: "y"))
        XCTAssertEqual(seen.values, [0, 3, 4])
    }

    func testAScopedStoreKeepsTheRootAlive() {
        var root: Store<Int, CounterAction>? = Store(initialState: 1, reducer: Counter())
        let child = root!.scope(state: { $0 * 10 }, action: { $0 })
        root = nil
        child.send(.increment)
        XCTAssertEqual(child.state, 20)
    }
}
