import Dependencies
import Reactive
import Synchronization

/// Runs a store's effects: starts tasks and subscriptions, sends what they produce back to the
/// store, keeps the cancellation identifiers, and counts what is running.
@usableFromInline
final class EffectRuntime<Action: Sendable>: Sendable {
    /// Sends an action to the store; with a task box, the action belongs to that `StoreTask`; with
    /// the running effect that sent it, the store drops the action if that effect is cancelled first.
    typealias Dispatch = @Sendable (Action, StoreTaskBox?, RunningEffect?) -> Void

    private struct Activity {
        var running = 0
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
    }

    /// Every running effect, cancelled together when the store goes away.
    let all = CancellationScope()
    private let registry = Locked<[EffectID: [ObjectIdentifier: CancellationScope]]>([:])
    private let activity = Locked(Activity())
    private let dispatch: Dispatch

    init(dispatch: @escaping Dispatch) {
        self.dispatch = dispatch
    }

    /// Starts `effect`; it belongs to `box`'s `StoreTask` when there is one.
    @usableFromInline
    func run(_ effect: Effect<Action>, box: StoreTaskBox?) {
        if effect.isNone { return }
        activity.withLock { $0.running += 1 }
        box?.retain()
        let scopes = box.map { [all, $0.scope] } ?? [all]
        start(effect, scopes: scopes, box: box) { [self] in
            box?.release()
            endActivity()
        }
    }

    /// The number of effects started by `run` that have not completed.
    var runningCount: Int { activity.withLock { $0.running } }

    /// Waits until no effect is running.
    func idle() async {
        await withCheckedContinuation { continuation in
            let done = activity.withLock { activity in
                if activity.running == 0 { return true }
                activity.idleWaiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// Cancels every effect under `id`.
    func cancel(id: EffectID) {
        let scopes = registry.withLock { $0.removeValue(forKey: id) }
        for scope in scopes?.values ?? [:].values { scope.cancel() }
    }

    private func endActivity() {
        let waiters = activity.withLock { activity -> [CheckedContinuation<Void, Never>] in
            activity.running -= 1
            guard activity.running == 0 else { return [] }
            defer { activity.idleWaiters = [] }
            return activity.idleWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Starts `effect` inside `scopes`; `completion` runs once, when it completed or was cancelled.
    private func start(
        _ effect: Effect<Action>, scopes: [CancellationScope], box: StoreTaskBox?, completion: @escaping @Sendable () -> Void
    ) {
        switch effect.operation {
        case .none:
            completion()

        case .send(let action):
            dispatch(action, box, nil)
            completion()

        case .run(let priority, let operation):
            let running = RunningEffect(completion: completion)
            guard running.join(scopes) else { return }
            let dispatch = self.dispatch
            // The task inherits the task-local values of this moment: the store's dependencies and
            // the test's issue reporter.
            let task = Task(priority: priority) {
                await operation(Send { action in dispatch(action, nil, running) })
                running.workEnded()
            }
            running.started(task)

        case .observable(let make, let onError, let location):
            let running = RunningEffect(completion: completion)
            guard running.join(scopes) else { return }
            let subscription = SingleAssignmentDisposable()
            running.started(subscription)
            let dispatch = self.dispatch
            subscription.setDisposable(
                make().subscribe(
                    onNext: { action in dispatch(action, nil, running) },
                    onError: { error in
                        if let onError {
                            if let action = onError(error) { dispatch(action, nil, running) }
                        } else {
                            reportIssue(
                                "An \"Effect.observable\" returned from \(location) failed with an unhandled error: \(error). "
                                    + "Pass \"onError\" to turn errors into actions.",
                                at: location)
                        }
                        running.workEnded()
                    },
                    onCompleted: { running.workEnded() }
                ))

        case .merge(let effects):
            let remaining = Countdown(effects.count)
            for effect in effects {
                start(effect, scopes: scopes, box: box) {
                    if remaining.decrement() { completion() }
                }
            }

        case .concatenate(let effects):
            startSequence(effects[...], scopes: scopes, box: box, completion: completion)

        case .cancellable(let id, let cancelInFlight, let effect):
            if cancelInFlight { cancel(id: id) }
            let scope = CancellationScope()
            registry.withLock { $0[id, default: [:]][ObjectIdentifier(scope)] = scope }
            start(effect, scopes: scopes + [scope], box: box) { [self] in
                registry.withLock { registry in
                    registry[id]?.removeValue(forKey: ObjectIdentifier(scope))
                    if registry[id]?.isEmpty == true { registry[id] = nil }
                }
                completion()
            }

        case .cancel(let id):
            cancel(id: id)
            completion()

        case .onComplete(let effect, let onComplete):
            start(effect, scopes: scopes, box: box) {
                onComplete()
                completion()
            }
        }
    }

    private func startSequence(
        _ effects: ArraySlice<Effect<Action>>, scopes: [CancellationScope], box: StoreTaskBox?,
        completion: @escaping @Sendable () -> Void
    ) {
        // A cancelled sequence does not start its next part.
        guard let first = effects.first, !scopes.contains(where: \.isCancelled) else {
            completion()
            return
        }
        start(first, scopes: scopes, box: box) { [self] in
            startSequence(effects.dropFirst(), scopes: scopes, box: box, completion: completion)
        }
    }
}

/// Counts down the parts of a `merge`; the last part to complete completes the merge.
private final class Countdown: Sendable {
    private let remaining: Atomic<Int>

    init(_ count: Int) {
        remaining = Atomic(count)
    }

    /// Counts one part; true for the last.
    func decrement() -> Bool {
        remaining.subtract(1, ordering: .acquiringAndReleasing).newValue == 0
    }
}
