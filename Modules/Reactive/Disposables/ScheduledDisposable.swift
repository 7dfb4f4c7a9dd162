import Synchronization

/// Disposes its disposable on `scheduler` when disposed (`subscribe(on:)` ends a subscription
/// this way).
public final class ScheduledDisposable: Cancelable {
    /// Where the disposal runs.
    public let scheduler: ImmediateSchedulerType
    private let disposed = Atomic<Bool>(false)
    // Set at creation, then read only by the one action that `dispose` schedules: the `disposed`
    // exchange lets a single caller schedule it, and the scheduler hands it over.
    private var disposable: Disposable?

    /// A disposable that disposes `disposable` on `scheduler`.
    public init(scheduler: ImmediateSchedulerType, disposable: Disposable) {
        self.scheduler = scheduler
        self.disposable = disposable
    }

    /// Whether `dispose()` was called (the disposal itself may still be waiting for the scheduler).
    public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    /// Schedules the disposal on `scheduler`; later calls do nothing.
    public func dispose() {
        if disposed.exchange(true, ordering: .acquiringAndReleasing) { return }
        _ = scheduler.schedule(self) { scheduled in
            scheduled.disposable?.dispose()
            scheduled.disposable = nil
            return Disposables.create()
        }
    }
}
