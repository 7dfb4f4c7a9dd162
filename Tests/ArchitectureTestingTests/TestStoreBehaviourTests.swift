import Architecture
import ArchitectureTestSupport
import ArchitectureTesting
import Dependencies
import TestSupport
import XCTest

/// A feature whose one action makes an effect send several actions back.
struct Loader: Reducer {
    struct State: Sendable, Equatable {
        var progress: [Int] = []
        var done = false
    }

    enum Action: Sendable, Equatable {
        case load
        case progress(Int)
        case finished
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .load:
            return .run { send in
                for step in 1...3 { send(.progress(step)) }
                send(.finished)
            }
        case .progress(let step):
            state.progress.append(step)
        case .finished:
            state.done = true
        }
        return .none
    }
}

final class TestStoreBehaviourTests: XCTestCase {
    func testReceiveTakesTheActionsInTheOrderTheyWereSent() async {
        let store = TestStore(initialState: Loader.State(), reducer: Loader())
        await store.send(.load)
        await store.receive(.progress(1)) { $0.progress = [1] }
        await store.receive(.progress(2)) { $0.progress = [1, 2] }
        await store.receive({ $0 == .progress(3) }) { $0.progress = [1, 2, 3] }
        await store.receive(CasePath(Loader.Action.finished)) { $0.done = true }
        XCTAssertEqual(store.state, Loader.State(progress: [1, 2, 3], done: true))
        await store.finish()
    }

    func testNotExhaustiveReceiveSkipsTheActionsTheTestDoesNotMention() async {
        let store = TestStore(initialState: Loader.State(), reducer: Loader())
        store.exhaustivity = .off
        await store.send(.load)
        await store.receive(.finished) { $0.done = true }
        XCTAssertEqual(store.state, Loader.State(progress: [1, 2, 3], done: true))
    }

    func testSkipReceivedActionsMovesTheAssertedStateOn() async {
        let store = TestStore(initialState: Loader.State(), reducer: Loader())
        await store.send(.load).finish()
        await store.skipReceivedActions()
        XCTAssertEqual(store.state, Loader.State(progress: [1, 2, 3], done: true))
        await store.send(.progress(4)) { $0.progress.append(4) }
    }

    func testSkipInFlightEffectsCancelsThem() async {
        let store = TestStore(initialState: Counter.State(), reducer: Counter())
        let task = await store.send(.startForever)
        await store.skipInFlightEffects()
        await task.finish()
        XCTAssertTrue(task.isCancelled == false, "skipping cancels the effects, not the task handle")
    }

    func testAnEffectCancelledByALaterActionEndsTheTestCleanly() async {
        let store = TestStore(initialState: Counter.State(), reducer: Counter())
        let task = await store.send(.startForever)
        await store.send(.stop)
        await task.finish()
        await store.finish()
    }

    func testDependenciesCanBePreparedWhenTheStoreIsCreated() async {
        let store = TestStore(initialState: Counter.State()) {
            Counter()
        } withDependencies: {
            $0.numberSource.next = { 7 }
        }
        await store.send(.fetch) { $0.isLoading = true }
        await store.receive(.response(7)) {
            $0.isLoading = false
            $0.count = 7
        }
    }

    func testAClosureThatThrowsFails() async {
        struct Oops: Error {}
        let reporter = CapturingReporter()
        await withIssueReporter(reporter) {
            let store = TestStore(initialState: Counter.State(), reducer: Counter())
            await store.send(.increment) { _ in throw Oops() }
        }
        XCTAssertEqual(reporter.messages, ["The trailing closure threw an error: Oops()"])
    }
}
