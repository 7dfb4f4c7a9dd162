import Dispatch
import Foundation

/// A point in time on a scheduler's clock.
public typealias RxTime = Date

/// A span of time, as RxSwift spells it.
public typealias RxTimeInterval = DispatchTimeInterval

/// Runs work now, or as soon as the current work is done (a trampoline, a queue).
public protocol ImmediateSchedulerType {
    /// Runs `action(state)`; disposing the result before it runs cancels it.
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable
}

/// A scheduler with a clock: it can run work later and periodically.
public protocol SchedulerType: ImmediateSchedulerType {
    /// The scheduler's current time.
    var now: RxTime { get }

    /// Runs `action(state)` after `dueTime`; disposing the result before then cancels it.
    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable

    /// Runs `action` after `startAfter` and then every `period`, each time with the state it returned.
    func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable
}

extension SchedulerType {
    /// Periodic work built from relative scheduling, for schedulers without a native timer.
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        let schedule = SchedulePeriodicRecursive(
            scheduler: self, startAfter: startAfter, period: period, action: action, state: state)
        return schedule.start()
    }
}

/// Periodic scheduling by rescheduling after each tick.
final class SchedulePeriodicRecursive<State, Scheduler: SchedulerType> {
    private let scheduler: Scheduler
    private let startAfter: RxTimeInterval
    private let period: RxTimeInterval
    private let action: (State) -> State
    private var state: State

    init(
        scheduler: Scheduler, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (State) -> State, state: State
    ) {
        self.scheduler = scheduler
        self.startAfter = startAfter
        self.period = period
        self.action = action
        self.state = state
    }

    func start() -> Disposable {
        scheduler.scheduleRecursive((), dueTime: startAfter) { _, recurse in
            // Each tick reschedules itself first, so a slow action does not shift the period.
            recurse.schedule((), dueTime: self.period)
            self.state = self.action(self.state)
        }
    }
}

extension DispatchTimeInterval {
    /// The interval in seconds; `.never` is infinite.
    var seconds: Double {
        switch self {
        case .seconds(let value): return Double(value)
        case .milliseconds(let value): return Double(value) / 1_000
        case .microseconds(let value): return Double(value) / 1_000_000
        case .nanoseconds(let value): return Double(value) / 1_000_000_000
        case .never: return .infinity
        @unknown default: return .infinity
        }
    }

    /// The interval in nanoseconds, saturating; `.never` is `Int.max`.
    var nanoseconds: Int {
        switch self {
        case .seconds(let value): return value.multipliedReportingOverflow(by: 1_000_000_000).overflow ? .max : value * 1_000_000_000
        case .milliseconds(let value): return value.multipliedReportingOverflow(by: 1_000_000).overflow ? .max : value * 1_000_000
        case .microseconds(let value): return value.multipliedReportingOverflow(by: 1_000).overflow ? .max : value * 1_000
        case .nanoseconds(let value): return value
        case .never: return .max
        @unknown default: return .max
        }
    }

    /// Adds this interval to a date.
    func added(to date: Date) -> Date { date.addingTimeInterval(seconds) }
}
