import Dispatch
import Foundation
import Synchronization

/// Runs work on the main thread: at once when called there with nothing queued, otherwise on the
/// main dispatch queue.
///
/// On Linux the main queue runs when the main thread services it: `dispatchMain()`, `RunLoop.main`,
/// an `async` main, XCTest's `wait(for:)`, or `toBlocking()` called on the main thread.
public final class MainScheduler: SchedulerType, Sendable {
    /// The scheduler; runs inline on the main thread when nothing is queued.
    public static let instance = MainScheduler()

    /// A scheduler that always queues on the main queue, even when called on the main thread.
    public static let asyncInstance = SerialDispatchQueueScheduler(serialQueue: DispatchQueue.main)

    private let configuration = DispatchQueueConfiguration(queue: .main, leeway: .nanoseconds(0))
    private let numberEnqueued = Atomic<Int>(0)

    /// How many actions scheduled here have not finished running: queued on the main queue, or
    /// running. What waits for the main thread's work to settle (a screen test) waits for 0.
    package var queuedActionCount: Int { numberEnqueued.load(ordering: .acquiring) }

    /// A main-thread scheduler (prefer `instance`).
    public init() {}

    /// The scheduler's clock.
    public var now: RxTime { Date() }

    /// Stops the program when not called on the main thread.
    public static func ensureExecutingOnScheduler(errorMessage: String? = nil) {
        if !Thread.isMainThread {
            rxFatalError(
                errorMessage
                    ?? "Executing on a background thread. Please use `MainScheduler.instance.schedule` to schedule work on the main thread."
            )
        }
    }

    /// Stops the program when not called on the main thread.
    public static func ensureRunningOnMainThread(errorMessage: String? = nil) {
        ensureExecutingOnScheduler(errorMessage: errorMessage)
    }

    /// Runs `action(state)` now on the main thread if nothing is queued, else queues it there.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let previous = numberEnqueued.add(1, ordering: .acquiringAndReleasing).oldValue
        if Thread.isMainThread && previous == 0 {
            let disposable = action(state)
            numberEnqueued.subtract(1, ordering: .acquiringAndReleasing)
            return disposable
        }
        let cancel = SingleAssignmentDisposable()
        // Handed to the main queue, which alone runs it.
        let work = Handoff((state, action))
        DispatchQueue.main.async {
            if !cancel.isDisposed {
                cancel.setDisposable(work.value.1(work.value.0))
            }
            self.numberEnqueued.subtract(1, ordering: .acquiringAndReleasing)
        }
        return cancel
    }

    /// Runs `action(state)` on the main queue after `dueTime`.
    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        configuration.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Runs `action` on the main queue periodically.
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
