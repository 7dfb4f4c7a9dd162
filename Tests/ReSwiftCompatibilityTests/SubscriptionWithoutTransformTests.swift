import ReSwiftCompatibility
import XCTest

/// A subscription with no transform takes the store's states straight to the subscriber, without
/// ReSwift's `Subscription` chain: what arrives must be what the chain would have let through.
final class SubscriptionWithoutTransformTests: XCTestCase {
    private struct Set: Action { let value: Int }

    private struct Point: Sendable {
        var x: Int
    }

    private final class Recorder<Received>: StoreSubscriber {
        var received: [Received] = []
        func newState(state: Received) { received.append(state) }
    }

    private func intStore(skippingRepeats: Bool = true) -> Store<Int> {
        Store<Int>(
            reducer: { action, state in (action as? Set)?.value ?? state ?? 0 }, state: 0,
            automaticallySkipsRepeats: skippingRepeats)
    }

    func testAnEquatableStateIsPassedOnOnlyWhenItChanges() {
        let store = intStore()
        let recorder = Recorder<Int>()
        store.subscribe(recorder)
        for value in [1, 1, 2, 2, 2, 1] { store.dispatch(Set(value: value)) }
        XCTAssertEqual(recorder.received, [0, 1, 2, 1])
    }

    func testEveryStateIsPassedOnWhenTheStoreDoesNotSkipRepeats() {
        let store = intStore(skippingRepeats: false)
        let recorder = Recorder<Int>()
        store.subscribe(recorder)
        for value in [1, 1, 2] { store.dispatch(Set(value: value)) }
        XCTAssertEqual(recorder.received, [0, 1, 1, 2])
    }

    func testANilTransformPassesOnEveryStateEvenWhenTheStoreSkipsRepeats() {
        // ReSwift adds its `skipRepeats()` to the transformed subscription, and a nil transform has none.
        let store = intStore()
        let recorder = Recorder<Int>()
        store.subscribe(recorder, transform: nil)
        for value in [1, 1, 2] { store.dispatch(Set(value: value)) }
        XCTAssertEqual(recorder.received, [0, 1, 1, 2])
    }

    func testAStateThatIsNotEquatableIsPassedOnEveryTime() {
        let store = Store<Point>(reducer: { action, state in Point(x: (action as? Set)?.value ?? state?.x ?? 0) }, state: nil)
        let recorder = Recorder<Point>()
        store.subscribe(recorder)
        for value in [1, 1] { store.dispatch(Set(value: value)) }
        XCTAssertEqual(recorder.received.map(\.x), [0, 1, 1])
    }

    func testASubscriberThatWentAwayIsDroppedAtTheNextState() {
        let store = intStore()
        weak var gone: Recorder<Int>?
        do {
            let recorder = Recorder<Int>()
            gone = recorder
            store.subscribe(recorder)
        }
        XCTAssertNil(gone, "the store holds its subscribers weakly")
        let staying = Recorder<Int>()
        store.subscribe(staying)
        store.dispatch(Set(value: 5))
        XCTAssertEqual(staying.received, [0, 5])
        store.unsubscribe(staying)
        store.dispatch(Set(value: 6))
        XCTAssertEqual(staying.received, [0, 5], "an unsubscribed subscriber gets nothing more")
    }

    func testASubscribersOwnNewStateWitnessReceivesTheStates() {
        // ReSwift hands every state to `_newState(state:)`; a subscriber that implements it itself
        // is called there, not past it.
        final class OwnWitness: StoreSubscriber {
            var seen: [Any] = []
            var typed: [Int] = []
            func _newState(state: Any) { seen.append(state) }
            func newState(state: Int) { typed.append(state) }
        }
        let store = intStore()
        let subscriber = OwnWitness()
        store.subscribe(subscriber)
        store.dispatch(Set(value: 3))
        XCTAssertEqual(subscriber.seen.compactMap { $0 as? Int }, [0, 3])
        XCTAssertEqual(subscriber.typed, [])
    }
}
