import Architecture
import ArchitectureTestSupport
import XCTest

enum Request: Sendable, Equatable {
    case load
    case loaded(Int)
    case secret
    case shout(String)
    case said(String)
}

/// Appends every action it reduces to the state.
struct Transcript: Reducer {
    func reduce(into state: inout [Request], action: Request) -> Effect<Request> {
        state.append(action)
        return .none
    }
}

final class MiddlewareTests: XCTestCase {
    func testMiddlewareRunsInOrderAroundTheReducer() {
        let events = Recording<String>()
        func logging(_ name: String) -> Middleware<[Request], Request> {
            { _, getState in
                { next in
                    { action in
                        events.append("\(name) before, \(getState().count) reduced")
                        next(action)
                        events.append("\(name) after, \(getState().count) reduced")
                    }
                }
            }
        }
        let store = Store(initialState: [], reducer: Transcript(), middleware: [logging("outer"), logging("inner")])
        store.send(.load)
        XCTAssertEqual(
            events.values,
            [
                "outer before, 0 reduced", "inner before, 0 reduced", "inner after, 1 reduced", "outer after, 1 reduced",
            ])
    }

    func testMiddlewareCanSwallowAndTransformActions() {
        let filter: Middleware<[Request], Request> = { _, _ in
            { next in
                { action in
                    switch action {
                    case .secret: break
                    case .shout(let text): next(.said(text.uppercased()))
                    default: next(action)
                    }
                }
            }
        }
        let store = Store(initialState: [], reducer: Transcript(), middleware: [filter])
        store.send(.secret)
        store.send(.shout("hi"))
        store.send(.load)
        XCTAssertEqual(store.state, [.said("HI"), .load])
    }

    func testItemsSeeTheActionBeforeTheReducerAndWhatTheyDispatchComesAfter() {
        let seenBy = Recording<String>()
        let item: MiddlewareItem<Request> = { action, dispatch in
            seenBy.append("item \(action)")
            if action == .load { dispatch(.loaded(1)) }
        }
        let store = Store(initialState: [], reducer: Transcript(), middleware: [createMiddleware(items: [item])])
        let subscription = store.states.subscribe(onNext: { seenBy.append("state \($0.count)") })
        store.send(.load)
        subscription.dispose()
        XCTAssertEqual(store.state, [.load, .loaded(1)])
        XCTAssertEqual(
            seenBy.values,
            [
                "state 0", "item load", "state 1", "item loaded(1)", "state 2",
            ])
    }

    func testItemsDispatchFromAsyncWork() async {
        let item: MiddlewareItem<Request> = { action, dispatch in
            guard action == .load else { return }
            Task {
                await Task.yield()
                dispatch(.loaded(42))
            }
        }
        let store = Store(initialState: [], reducer: Transcript(), middleware: [createMiddleware(items: [item])])
        let states = Recording<[Request]>()
        let subscription = store.states.subscribe(onNext: { states.append($0) })
        store.send(.load)
        await states.wait(for: 3)
        subscription.dispose()
        XCTAssertEqual(store.state, [.load, .loaded(42)])
    }

    func testNextCalledLaterResumesTheActionAtTheNextStep() async {
        let gate = Gate()
        let events = Recording<String>()
        let delay: Middleware<[Request], Request> = { _, _ in
            { next in
                { action in
                    guard action == .load else { return next(action) }
                    Task {
                        await gate.wait()
                        next(action)
                    }
                }
            }
        }
        let after: Middleware<[Request], Request> = { _, _ in
            { next in
                { action in
                    events.append("after \(action)")
                    next(action)
                }
            }
        }
        let store = Store(initialState: [], reducer: Transcript(), middleware: [delay, after])
        let states = Recording<[Request]>()
        let subscription = store.states.subscribe(onNext: { states.append($0) })
        store.send(.load)
        store.send(.secret)
        XCTAssertEqual(store.state, [.secret], "the delayed action does not hold up the others")
        gate.open()
        await states.wait(for: 3)
        subscription.dispose()
        XCTAssertEqual(store.state, [.secret, .load])
        XCTAssertEqual(events.values, ["after secret", "after load"], "the delayed action skips the steps it passed")
    }
}
