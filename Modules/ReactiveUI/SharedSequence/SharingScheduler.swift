import Foundation
import Reactive

/// The scheduler drivers and signals deliver on (RxCocoa's `SharingScheduler`): the main
/// scheduler, or the one a test installs with `mock`.
public enum SharingScheduler {
    /// Makes the scheduler for a sequence being made now: `MainScheduler()` unless a mock is in
    /// effect on this thread.
    public static var make: () -> SchedulerType {
        SchedulerMock.current?.makeScheduler ?? { MainScheduler() }
    }

    /// Runs `action` with `scheduler` as the sharing scheduler of every driver and signal made on
    /// this thread meanwhile (`SharingScheduler.mock(scheduler: testScheduler) { ... }`).
    ///
    /// RxCocoa's mock is global; this one applies to the calling thread only, so that tests running
    /// in parallel (Swift Testing) do not see each other's schedulers. Mocks nest.
    public static func mock(scheduler: SchedulerType, action: () throws -> Void) rethrows {
        try mock(makeScheduler: { scheduler }, action: action)
    }

    /// Runs `action` with `makeScheduler` making the sharing scheduler of every driver and signal
    /// made on this thread meanwhile.
    public static func mock(makeScheduler: @escaping () -> SchedulerType, action: () throws -> Void) rethrows {
        let previous = SchedulerMock.current
        SchedulerMock.current = SchedulerMock(makeScheduler: makeScheduler)
        defer { SchedulerMock.current = previous }
        try action()
    }
}

/// The mock in effect on one thread, kept in the thread's dictionary: read only when a sequence is
/// made, never per element.
private final class SchedulerMock {
    let makeScheduler: () -> SchedulerType

    init(makeScheduler: @escaping () -> SchedulerType) {
        self.makeScheduler = makeScheduler
    }

    private static let key = "Bistro.ReactiveUI.SharingScheduler.mock"

    static var current: SchedulerMock? {
        get { Thread.current.threadDictionary[key] as? SchedulerMock }
        set { Thread.current.threadDictionary[key] = newValue }
    }
}
