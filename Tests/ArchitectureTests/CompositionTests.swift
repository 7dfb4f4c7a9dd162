import Architecture
import ArchitectureTestSupport
import Dependencies
import TestSupport
import XCTest

// A parent with a child in every shape composition supports: a stored property (Scope), an
// optional (ifLet), an enum case (ifCaseLet) and identified rows (forEach).

struct Child: Reducer {
    struct State: Sendable, Equatable, Identifiable {
        var id: Int
        var count = 0
    }

    enum Action: Sendable, Equatable {
        case increment
        case startTimer
        case tick
    }

    let ticks: @Sendable () -> Effect<Action>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .increment:
            state.count += 1
            return .none
        case .startTimer:
            return ticks()
        case .tick:
            state.count += 100
            return .none
        }
    }
}

struct Parent: Reducer {
    struct State: Sendable, Equatable {
        var log: [String] = []
        var pinned = Child.State(id: 0)
        var detail: Child.State?
        var rows: IdentifiedArrayOf<Child.State> = []
        var mode = Mode.idle
    }

    enum Mode: Sendable, Equatable {
        case idle
        case editing(Child.State)
    }

    enum Action: Sendable, Equatable {
        case pinned(Child.Action)
        case detail(Child.Action)
        case editing(Child.Action)
        case rows(IdentifiedAction<Int, Child.Action>)
        case openDetail
        case closeDetail
        case replaceDetail(id: Int)
        case changeDetail
        case startEditing
        case stopEditing
        case addRow(Int)
        case removeRow(Int)
    }

    let ticks: @Sendable () -> Effect<Child.Action>

    var body: some Reducer<State, Action> {
        Scope(state: \.pinned, action: Action.pinned) {
            Child(ticks: ticks)
        }
        Scope(state: \.mode, action: CasePath(Action.editing)) {
            Scope(state: CasePath(Mode.editing), action: .identity) {
                Child(ticks: ticks)
            }
        }
        Reduce { state, action in
            state.log.append("parent \(action)")
            switch action {
            case .openDetail: state.detail = Child.State(id: 1)
            case .closeDetail: state.detail = nil
            case .replaceDetail(let id): state.detail = Child.State(id: id)
            case .changeDetail: state.detail?.count += 10
            case .startEditing: state.mode = .editing(Child.State(id: 2))
            case .stopEditing: state.mode = .idle
            case .addRow(let id): state.rows.append(Child.State(id: id))
            case .removeRow(let id): state.rows.remove(id: id)
            default: break
            }
            return .none
        }
        .ifLet(\.detail, action: Action.detail) {
            Child(ticks: ticks)
        }
        .forEach(\.rows, action: Action.rows) {
            Child(ticks: ticks)
        }
    }
}

/// A reducer whose state is an enum, for `ifCaseLet`.
struct Screen: Reducer {
    enum State: Sendable, Equatable {
        case list
        case detail(Child.State)
    }

    enum Action: Sendable, Equatable {
        case detail(Child.Action)
        case open
        case reopen(id: Int)
        case close
    }

    let ticks: @Sendable () -> Effect<Child.Action>

    var body: some Reducer<State, Action> {
        Reduce { state, action in
            switch action {
            case .open: state = .detail(Child.State(id: 9))
            case .reopen(let id): state = .detail(Child.State(id: id))
            case .close: state = .list
            case .detail: break
            }
            return .none
        }
        .ifCaseLet(State.detail, action: Action.detail) {
            Child(ticks: ticks)
        }
    }
}

final class CompositionTests: XCTestCase {
    func testTheBuilderRunsReducersInOrderAndMergesTheirEffects() async {
        let log = Recording<String>()
        let reducer = CombineReducers<Int, CounterAction, _> {
            Reduce { state, action in
                log.append("first")
                state += 1
                return .run { _ in log.append("first effect") }
            }
            Reduce { state, action in
                log.append("second sees \(state)")
                return .run { _ in log.append("second effect") }
            }
            for index in 0..<2 {
                Reduce { _, _ in
                    log.append("loop \(index)")
                    return .none
                }
            }
            if log.values.isEmpty {
                Reduce { _, _ in
                    log.append("if")
                    return .none
                }
            } else {
                EmptyReducer()
            }
        }
        let store = Store(initialState: 0, reducer: reducer)
        await store.send(.increment).finish()
        XCTAssertEqual(Array(log.values.prefix(5)), ["first", "second sees 1", "loop 0", "loop 1", "if"])
        XCTAssertEqual(Set(log.values.suffix(2)), ["first effect", "second effect"])
    }

    func testScopeRunsTheChildOnAPropertyAndOnAnEnumCase() {
        let store = Store(initialState: Parent.State(), reducer: Parent(ticks: { .none }))
        store.send(.pinned(.increment))
        store.send(.startEditing)
        store.send(.editing(.increment))
        XCTAssertEqual(store.state.pinned.count, 1)
        XCTAssertEqual(store.state.mode, .editing(Child.State(id: 2, count: 1)))
    }

    func testAScopedCaseActionInAnotherCaseIsAnIssue() {
        let reporter = CapturingReporter()
        let store = Store(initialState: Parent.State(), reducer: Parent(ticks: { .none }))
        withIssueReporter(reporter) {
            store.send(.editing(.increment))
        }
        XCTAssertEqual(reporter.issues.count, 1)
        XCTAssertTrue(reporter.messages[0].hasPrefix("A Scope at ArchitectureTests/CompositionTests.swift:"))
        XCTAssertTrue(reporter.messages[0].contains("received a child action when the parent state held another case"))
        XCTAssertEqual(store.state.mode, .idle)
    }

    func testIfLetRunsTheChildFirstWhileItsStateExists() {
        let store = Store(initialState: Parent.State(), reducer: Parent(ticks: { .none }))
        store.send(.openDetail)
        store.send(.detail(.increment))
        XCTAssertEqual(store.state.detail, Child.State(id: 1, count: 1))

        let reporter = CapturingReporter()
        store.send(.closeDetail)
        withIssueReporter(reporter) {
            store.send(.detail(.increment))
        }
        XCTAssertEqual(reporter.issues.count, 1)
        XCTAssertTrue(reporter.messages[0].contains("received a child action when the child state was nil"))
    }

    func testIfLetCancelsTheChildsEffectsWhenItsStateGoesAway() async {
        let cancelled = Gate()
        let store = Store(
            initialState: Parent.State(),
            reducer: Parent(ticks: {
                .run { _ in
                    await withTaskCancellationHandler {
                        await Gate().wait()
                    } onCancel: {
                        cancelled.open()
                    }
                }
            }))
        store.send(.openDetail)
        let task = store.send(.detail(.startTimer))
        store.send(.closeDetail)
        await cancelled.wait()
        await task.finish()
        XCTAssertNil(store.state.detail)
    }

    func testIfLetCancelsTheChildsEffectsWhenAChildOfAnotherIdTakesItsPlace() async {
        let cancelled = Gate()
        let store = Store(
            initialState: Parent.State(),
            reducer: Parent(ticks: {
                .run { _ in
                    await withTaskCancellationHandler {
                        await Gate().wait()
                    } onCancel: {
                        cancelled.open()
                    }
                }
            }))
        store.send(.openDetail)
        let task = store.send(.detail(.startTimer))
        store.send(.replaceDetail(id: 3))
        await cancelled.wait()
        await task.finish()
        XCTAssertEqual(store.state.detail, Child.State(id: 3))
    }

    func testIfLetKeepsTheChildsEffectsWhileTheParentChangesTheSameChild() async {
        let release = Gate()
        let store = Store(
            initialState: Parent.State(),
            reducer: Parent(ticks: {
                .run { send in
                    await release.wait()
                    send(.tick)
                }
            }))
        store.send(.openDetail)
        let task = store.send(.detail(.startTimer))
        store.send(.changeDetail)
        release.open()
        await task.finish()
        // The tick arrived: a cancelled effect's sends are dropped.
        XCTAssertEqual(store.state.detail, Child.State(id: 1, count: 110))
    }

    func testIfCaseLetCancelsTheChildsEffectsWhenAChildOfAnotherIdTakesTheCase() async {
        let cancelled = Gate()
        let store = Store(
            initialState: Screen.State.list,
            reducer: Screen(ticks: {
                .run { _ in
                    await withTaskCancellationHandler {
                        await Gate().wait()
                    } onCancel: {
                        cancelled.open()
                    }
                }
            }))
        store.send(.open)
        let task = store.send(.detail(.startTimer))
        store.send(.reopen(id: 10))
        await cancelled.wait()
        await task.finish()
        XCTAssertEqual(store.state, .detail(Child.State(id: 10)))
    }

    func testIfCaseLetRunsTheChildOnItsCaseAndCancelsItsEffectsWhenTheCaseChanges() async {
        let cancelled = Gate()
        let store = Store(
            initialState: Screen.State.list,
            reducer: Screen(ticks: {
                .run { _ in
                    await withTaskCancellationHandler {
                        await Gate().wait()
                    } onCancel: {
                        cancelled.open()
                    }
                }
            }))
        store.send(.open)
        store.send(.detail(.increment))
        XCTAssertEqual(store.state, .detail(Child.State(id: 9, count: 1)))
        let task = store.send(.detail(.startTimer))
        store.send(.close)
        await cancelled.wait()
        await task.finish()

        let reporter = CapturingReporter()
        withIssueReporter(reporter) {
            store.send(.detail(.increment))
        }
        XCTAssertTrue(reporter.messages[0].contains("received a child action when the state held another case"))
    }

    func testForEachRunsTheElementReducerByIdAndCancelsARemovedElementsEffects() async {
        let cancelled = Recording<String>()
        let store = Store(
            initialState: Parent.State(),
            reducer: Parent(ticks: {
                .run { _ in
                    await withTaskCancellationHandler {
                        await Gate().wait()
                    } onCancel: {
                        cancelled.append("cancelled")
                    }
                }
            }))
        store.send(.addRow(1))
        store.send(.addRow(2))
        store.send(.rows(.element(id: 2, action: .increment)))
        XCTAssertEqual(Array(store.state.rows), [Child.State(id: 1), Child.State(id: 2, count: 1)])

        let first = store.send(.rows(.element(id: 1, action: .startTimer)))
        let second = store.send(.rows(.element(id: 2, action: .startTimer)))
        store.send(.removeRow(1))
        await cancelled.wait(for: 1)
        await first.finish()
        XCTAssertFalse(second.hasFinished, "only the removed row's effect is cancelled")
        second.cancel()
        await second.finish()

        let reporter = CapturingReporter()
        withIssueReporter(reporter) {
            store.send(.rows(.element(id: 1, action: .increment)))
        }
        XCTAssertTrue(reporter.messages[0].contains("received an action for a missing element"))
    }

    func testChildEffectsAreMappedBackToParentActions() async {
        let store = Store(initialState: Parent.State(), reducer: Parent(ticks: { .send(.tick) }))
        store.send(.addRow(5))
        await store.send(.rows(.element(id: 5, action: .startTimer))).finish()
        XCTAssertEqual(store.state.rows[id: 5]?.count, 100)
        let log = store.state.log.suffix(2)
        XCTAssertTrue(log.first?.hasSuffix("startTimer))") == true)
        XCTAssertTrue(log.last?.hasSuffix("tick))") == true)
    }
}
