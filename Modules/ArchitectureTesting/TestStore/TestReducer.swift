import Architecture

/// An action as the TestStore's inner store sees it: sent by the test (with its step number), or
/// sent back by an effect.
enum TestAction<Action: Sendable>: Sendable {
    case send(Action, step: Int)
    case receive(Action)
}

/// Runs the reducer under test and records, for the TestStore, the state around every action and
/// every effect it starts; the effects' actions come back as `.receive`.
struct TestReducer<Base: Reducer>: Reducer {
    let base: Base
    let recorder: TestRecorder<Base.State, Base.Action>

    func reduce(into state: inout Base.State, action: TestAction<Base.Action>) -> Effect<TestAction<Base.Action>> {
        switch action {
        case .send(let action, let step):
            let before = state
            let effect = base.reduce(into: &state, action: action)
            let origin = recorder.recordSent(step: step, action: action, before: before, after: state)
            return track(effect, origin: origin)
        case .receive(let action):
            let effect = base.reduce(into: &state, action: action)
            let origin = recorder.recordReceived(action, state: state)
            return track(effect, origin: origin)
        }
    }

    private func track(_ effect: Effect<Base.Action>, origin: EffectOrigin) -> Effect<TestAction<Base.Action>> {
        if effect.isNone { return .none }
        let recorder = self.recorder
        let token = recorder.effectStarted(origin)
        return effect.map { TestAction.receive($0) }.onComplete { recorder.effectFinished(token) }
    }
}

/// The action an effect was returned for: a step of the test, or a received action.
enum EffectOrigin: Sendable, Hashable {
    case step(Int)
    case received(Int)
}
