import Reactive

/// A handle on what one `send` started: await `finish()` for its effects to complete, or `cancel()` them.
///
/// It covers the effects of the action and of the actions those effects sent back synchronously
/// (`.send`); actions sent later from async work are sends of their own.
public struct StoreTask: Sendable {
    @usableFromInline let box: StoreTaskBox?

    @usableFromInline
    init(box: StoreTaskBox?) {
        self.box = box
    }

    /// Cancels the effects.
    public func cancel() {
        box?.scope.cancel()
    }

    /// Waits until the action was processed and its effects completed or were cancelled; cancelling
    /// the waiting task cancels the effects.
    public func finish() async {
        guard let box else { return }
        await withTaskCancellationHandler {
            await box.finished()
        } onCancel: {
            box.scope.cancel()
        }
    }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool {
        box?.scope.isCancelled ?? false
    }

    /// Whether the action was processed and its effects have completed or were cancelled.
    public var hasFinished: Bool {
        box?.isFinished ?? true
    }
}

/// What a `StoreTask` waits for: the queued action and its running effects, counted.
///
/// Created only when there is something to wait for, so that a send whose action ends in
/// `.none` allocates nothing.
@usableFromInline
final class StoreTaskBox: Sendable {
    private struct Outstanding {
        var outstanding = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    let scope = CancellationScope()
    private let progress = Locked(Outstanding())

    @usableFromInline
    init() {}

    /// One more unit (a queued action, a running effect) to wait for.
    @usableFromInline
    func retain() {
        progress.withLock { $0.outstanding += 1 }
    }

    /// One unit is done; the waiters resume when none is left.
    @usableFromInline
    func release() {
        let waiters = progress.withLock { progress -> [CheckedContinuation<Void, Never>] in
            progress.outstanding -= 1
            guard progress.outstanding == 0 else { return [] }
            defer { progress.waiters = [] }
            return progress.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    var isFinished: Bool { progress.withLock { $0.outstanding == 0 } }

    func finished() async {
        await withCheckedContinuation { continuation in
            let done = progress.withLock { progress in
                if progress.outstanding == 0 { return true }
                progress.waiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }
}
