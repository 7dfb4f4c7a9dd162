import Foundation

/// Converts between a virtual clock's units and real dates and intervals.
public protocol VirtualTimeConverterType {
    /// A point on the virtual clock.
    associatedtype VirtualTimeUnit
    /// A span on the virtual clock.
    associatedtype VirtualTimeIntervalUnit

    /// The real date of a virtual time.
    func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime
    /// The virtual time of a real date.
    func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit
    /// The real length of a virtual interval.
    func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval
    /// The virtual length of a real interval.
    func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit
    /// A virtual time moved by a virtual interval.
    func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit
    /// The order of two virtual times.
    func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison
}

/// The order of two virtual times.
public enum VirtualTimeComparison: Sendable {
    /// The first is earlier.
    case lessThan
    /// They are the same time.
    case equal
    /// The first is later.
    case greaterThan

    var lessThen: Bool { self == .lessThan }
    var greaterThan: Bool { self == .greaterThan }
}
