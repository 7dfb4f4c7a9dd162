import Dispatch
import Foundation

/// Runs work on the main thread: at once whenever called there, otherwise on the main queue
/// (RxSwift's `ConcurrentMainScheduler`).
///
/// Unlike `MainScheduler.instance`, which queues work scheduled while other work of its own is
/// queued or running, this one never defers work already on the main thread. RxCocoa subscribes
/// controls' events and properties on it, so that a nested subscription made on the main thread (a
/// `map` of a property, `orEmpty`, `changed`) still receives the current value synchronously.
/// Timed work goes to the main queue, as `MainScheduler`'s does.
public final class ConcurrentMainScheduler: SchedulerType, Sendable {
    /// The scheduler.
    public static let instance = ConcurrentMainScheduler(mainScheduler: MainScheduler.instance)

    private let mainScheduler: MainScheduler
    private let mainQueue = DispatchQueueConfiguration(queue: .main, leeway: .nanoseconds(0))

    private init(mainScheduler: MainScheduler) {
        self.mainScheduler = mainScheduler
    }

    /// The scheduler's clock.
    public var now: RxTime { mainScheduler.now }

    /// Runs `action(state)` now on the main thread, else queues it on the main queue.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        Thread.isMainThread ? action(state) : mainQueue.schedule(state, action: action)
    }

    /// Runs `action(state)` on the main queue after `dueTime`.
    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        mainScheduler.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Runs `action` on the main queue periodically.
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        mainScheduler.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
