import Reactive

/// One running unit of an effect, a task or an Rx subscription, that finishes once: when its work
/// ends or when it is cancelled, whichever comes first.
///
/// A cancelled effect counts as finished at once, even if its task has not yet noticed: what it
/// sends afterwards is dropped, so nothing observable depends on it any more. So is what it sent
/// that the store queued (it was busy) and has not processed yet: an effect whose work ended counts
/// as running until those actions are processed, so that cancelling it (a screen's state leaving
/// the case its effects belong to) still reaches them, as in TCA, where an effect's send is
/// processed before the effect goes on.
@usableFromInline
final class RunningEffect: Sendable {
    private enum Canceller {
        case none
        case task(Task<Void, Never>)
        case subscription(SingleAssignmentDisposable)
    }

    private struct Status {
        var finished = false
        var cancelled = false
        /// The work itself ended (the task returned, the sequence stopped).
        var workEnded = false
        /// Actions it sent that the store queued and has not processed or dropped yet.
        var queuedActions = 0
        var canceller = Canceller.none
        var scopeKeys: [(CancellationScope, Int)] = []
    }

    private let status = Locked(Status())
    private let completion: @Sendable () -> Void

    init(completion: @escaping @Sendable () -> Void) {
        self.completion = completion
    }

    /// Joins `scopes`; false when one of them is already cancelled, and then the effect has finished.
    func join(_ scopes: [CancellationScope]) -> Bool {
        var keys: [(CancellationScope, Int)] = []
        for scope in scopes {
            guard let key = scope.insert({ [self] in cancel() }) else {
                for (joined, key) in keys { joined.remove(key) }
                finish()
                return false
            }
            keys.append((scope, key))
        }
        status.withLock { $0.scopeKeys = keys }
        return true
    }

    /// Records how to cancel the started task; cancels it at once if cancellation came first.
    func started(_ task: Task<Void, Never>) {
        let cancelNow = status.withLock { status in
            if status.cancelled { return true }
            if !status.finished { status.canceller = .task(task) }
            return false
        }
        if cancelNow { task.cancel() }
    }

    /// Records the disposable of the subscription about to start; disposes it at once if
    /// cancellation came first (disposing before the subscription is set disposes that, too).
    func started(_ subscription: SingleAssignmentDisposable) {
        let disposeNow = status.withLock { status in
            if status.cancelled { return true }
            if !status.finished { status.canceller = .subscription(subscription) }
            return false
        }
        if disposeNow { subscription.dispose() }
    }

    /// Cancels the work and finishes.
    func cancel() {
        let canceller = status.withLock { status -> Canceller in
            if status.finished { return .none }
            status.cancelled = true
            defer { status.canceller = .none }
            return status.canceller
        }
        // Outside the lock: a task's cancellation handlers and a subscription's disposal run user code.
        switch canceller {
        case .none: break
        case .task(let task): task.cancel()
        case .subscription(let subscription): subscription.dispose()
        }
        finish()
    }

    /// Whether it was cancelled: an action it sent that the store has not processed is dropped.
    @usableFromInline
    var isCancelled: Bool { status.withLock { $0.cancelled } }

    /// The store queued an action this effect sent; called under the store's lock.
    @usableFromInline
    func actionQueued() {
        status.withLock { $0.queuedActions += 1 }
    }

    /// The store processed (or dropped) an action this effect sent that it had queued.
    @usableFromInline
    func queuedActionDone() {
        let finishNow = status.withLock { status in
            status.queuedActions -= 1
            return status.queuedActions == 0 && status.workEnded
        }
        if finishNow { finish() }
    }

    /// The work ended: the effect finishes once the actions it sent that the store queued are done.
    func workEnded() {
        let finishNow = status.withLock { status in
            status.workEnded = true
            return status.queuedActions == 0
        }
        if finishNow { finish() }
    }

    /// Marks the work as ended: leaves its scopes and reports completion, once.
    func finish() {
        let keys = status.withLock { status -> [(CancellationScope, Int)]? in
            if status.finished { return nil }
            status.finished = true
            status.canceller = .none
            defer { status.scopeKeys = [] }
            return status.scopeKeys
        }
        guard let keys else { return }
        // Completion first: a `concatenate` starts its next part here, so the store is never seen
        // idle between two parts.
        completion()
        for (scope, key) in keys { scope.remove(key) }
    }
}
