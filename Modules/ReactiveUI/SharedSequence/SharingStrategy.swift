import Reactive

/// How a `SharedSequence` shares its source and on which scheduler it delivers (RxCocoa's
/// `SharingStrategyProtocol`).
public protocol SharingStrategyProtocol {
    /// The scheduler every element is delivered on: the main scheduler, unless a test mocks it
    /// with `SharingScheduler.mock`.
    static var scheduler: SchedulerType { get }

    /// Shares `source` among the sequence's subscribers.
    static func share<Element>(_ source: Observable<Element>) -> Observable<Element>
}

/// A `Driver`'s strategy: one subscription for all subscribers while any is subscribed, and the
/// latest element replayed to each new one (`share(replay: 1, scope: .whileConnected)`).
public enum DriverSharingStrategy: SharingStrategyProtocol {
    /// The sharing scheduler, read when a driver is made.
    public static var scheduler: SchedulerType { SharingScheduler.make() }

    /// Shares `source` and replays its latest element to each new subscriber.
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(replay: 1, scope: .whileConnected)
    }
}

/// A `Signal`'s strategy: one subscription for all subscribers while any is subscribed, nothing
/// replayed (`share(scope: .whileConnected)`): a late subscriber sees only later elements.
public enum SignalSharingStrategy: SharingStrategyProtocol {
    /// The sharing scheduler, read when a signal is made.
    public static var scheduler: SchedulerType { SharingScheduler.make() }

    /// Shares `source` without replay.
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(scope: .whileConnected)
    }
}

/// A sequence for a view to show state with (RxCocoa's `Driver`): it never fails, delivers on the
/// main thread, shares one subscription to its source and replays the latest element to each new
/// subscriber. Views consume it with `drive`.
public typealias Driver<Element> = SharedSequence<DriverSharingStrategy, Element>

/// A sequence of events for a view to react to (RxCocoa's `Signal`): it never fails, delivers on
/// the main thread and shares one subscription to its source, but replays nothing, so a new
/// subscriber sees only what happens after it subscribed. Views consume it with `emit`.
public typealias Signal<Element> = SharedSequence<SignalSharingStrategy, Element>
