import Architecture
import Dependencies
import Reactive

/// A store for tests that checks every step: what each action does to the state, every action
/// effects send back, and that effects have finished when the test ends.
///
/// `await store.send(.action) { $0.field = expected }` sends an action; the closure turns the state
/// from before the action into the expected one, which must equal (`==`) the actual state.
/// `await store.receive(.response(...)) { ... }` takes the next action an effect sent back.
/// Failures are reported at the file and line of the call, with a −/+ diff of the states, through
/// XCTest or Swift Testing, whichever runs the test.
public final class TestStore<State: Sendable & Equatable, Action: Sendable>: Sendable {
    struct Settings {
        var exhaustivity = Exhaustivity.on
        var timeout = Duration.seconds(1)
        /// The state as asserted so far.
        var state: State
        var nextStep = 0
        /// The last send or receive, where leftovers at the end are reported.
        var lastLocation: IssueLocation?
    }

    let store: Store<State, TestAction<Action>>
    let recorder: TestRecorder<State, Action>
    let settings: Locked<Settings>
    let location: IssueLocation

    /// A test store running `reducer` from `initialState`, with test dependencies changed by `prepareDependencies`.
    public init<R: Reducer>(
        initialState: State, reducer: sending R, withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) where R.State == State, R.Action == Action {
        var dependencies = DependencyValues.current
        dependencies.context = .test
        prepareDependencies(&dependencies)
        let recorder = TestRecorder<State, Action>()
        self.recorder = recorder
        store = Store(
            initialState: initialState, reducer: TestReducer(base: reducer, recorder: recorder), middleware: [],
            dependencies: dependencies)
        settings = Locked(Settings(state: initialState))
        location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// A test store running the reducer built by `reducer`, from `initialState`.
    public convenience init<R: Reducer>(
        initialState: State, @ReducerBuilder<State, Action> reducer: () -> sending R,
        withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) where R.State == State, R.Action == Action {
        self.init(
            initialState: initialState, reducer: reducer(), withDependencies: prepareDependencies, fileID: fileID,
            filePath: filePath, line: line, column: column)
    }

    deinit {
        checkLeftovers()
        store.cancelRunningEffects()
    }

    /// Whether every change, received action and effect must be asserted (`.on`, the default).
    public var exhaustivity: Exhaustivity {
        get { settings.withLock { $0.exhaustivity } }
        set { settings.withLock { $0.exhaustivity = newValue } }
    }

    /// How long `receive`, `finish` and a task's `finish` wait by default: one second.
    public var timeout: Duration {
        get { settings.withLock { $0.timeout } }
        set { settings.withLock { $0.timeout = newValue } }
    }

    /// The state as asserted by the last step.
    public var state: State {
        settings.withLock { $0.state }
    }

    /// The dependencies the reducer and its effects run with; set them before sending.
    public var dependencies: DependencyValues {
        get { store.dependencyValues }
        set { store.dependencyValues = newValue }
    }

    /// Reports `message` at `location`.
    func fail(_ message: String, at location: IssueLocation) {
        reportIssue(message, at: location)
    }

    /// Checks the state after a step against the test's expectation, and moves the asserted state on.
    func expectState(
        from asserted: State, to actual: State, update: ((inout State) throws -> Void)?, at location: IssueLocation
    ) {
        defer { settings.withLock { $0.state = actual } }
        let exhaustive = exhaustivity == .on
        // Exhaustively, the closure turns the asserted state into the expected one; otherwise it
        // must hold of the actual state (changing nothing there), and unasserted changes pass.
        var expected = exhaustive ? asserted : actual
        if let update {
            do {
                try update(&expected)
            } catch {
                fail(FailureMessage.closureThrew(error), at: location)
                return
            }
        } else if !exhaustive {
            return
        }
        if expected != actual {
            fail(
                FailureMessage.stateMismatch(expected: customDump(expected), actual: customDump(actual), closureGiven: update != nil),
                at: location)
        } else if exhaustive && update != nil && expected == asserted {
            fail(FailureMessage.noStateChange, at: location)
        }
    }

    /// Whether no effect is running and no action is waiting: nothing can be received any more.
    var isIdle: Bool {
        recorder.runningEffects.isEmpty && !store.isProcessing
    }

    /// Gives effects that are ending a moment to end. An effect whose last line sends an action is
    /// still running when the test has received that action, for as long as it takes its task to
    /// return; the test may end in that instant. Blocking, because `deinit` cannot await; it returns
    /// as soon as nothing runs, and gives up after `endGracePeriod` (then the effect fails the test).
    private func settleEffects() {
        let deadline = ContinuousClock.now.advanced(by: Self.endGracePeriod)
        while true {
            let version = recorder.version
            if recorder.runningEffects.isEmpty { return }
            let remaining = ContinuousClock.now.duration(to: deadline)
            if remaining <= .zero { return }
            recorder.blockingChange(after: version, timeout: remaining)
        }
    }

    /// How long the end of a test waits for effects that are about to end.
    static var endGracePeriod: Duration { .milliseconds(200) }

    /// Waits until `condition` holds or `timeout` passes; true if it holds.
    func wait(timeout: Duration, until condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            let version = recorder.version
            if condition() { return true }
            let remaining = ContinuousClock.now.duration(to: deadline)
            if remaining <= .zero { return false }
            let recorder = self.recorder
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await recorder.change(after: version) }
                group.addTask { try? await Task.sleep(for: remaining) }
                await group.next()
                group.cancelAll()
            }
        }
    }

    /// At the end of the test: actions nobody received and effects still running fail it.
    private func checkLeftovers() {
        let (exhaustivity, lastLocation) = settings.withLock { ($0.exhaustivity, $0.lastLocation) }
        guard exhaustivity == .on else { return }
        settleEffects()
        let received = recorder.takeAllReceived()
        if !received.isEmpty {
            fail(FailureMessage.unreceivedAtEnd(received.map { customDump($0.action) }), at: lastLocation ?? location)
        }
        for effect in recorder.runningEffects {
            fail(
                FailureMessage.effectStillRunningAtEnd(customDump(effect.action)),
                at: recorder.location(of: effect.origin) ?? location)
        }
    }
}
