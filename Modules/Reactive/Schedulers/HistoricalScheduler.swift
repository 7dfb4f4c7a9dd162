import Foundation

/// A virtual-time scheduler whose clock is a date, for replaying historical data.
public final class HistoricalScheduler: VirtualTimeScheduler<HistoricalSchedulerTimeConverter> {
    /// A scheduler whose clock starts at `initialClock`.
    public init(initialClock: RxTime = Date(timeIntervalSince1970: 0)) {
        super.init(initialClock: initialClock, converter: HistoricalSchedulerTimeConverter())
    }
}

/// Virtual time measured in dates and seconds.
public struct HistoricalSchedulerTimeConverter: VirtualTimeConverterType, Sendable {
    /// A date.
    public typealias VirtualTimeUnit = RxTime
    /// Seconds.
    public typealias VirtualTimeIntervalUnit = TimeInterval

    /// The date itself.
    public func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime { virtualTime }
    /// The date itself.
    public func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit { time }
    /// The interval itself.
    public func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval {
        virtualTimeInterval
    }
    /// The interval itself.
    public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit { timeInterval }
    /// The date moved by the interval.
    public func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit {
        time.addingTimeInterval(offset)
    }
    /// The order of two dates.
    public func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : (lhs > rhs ? .greaterThan : .equal)
    }
}
