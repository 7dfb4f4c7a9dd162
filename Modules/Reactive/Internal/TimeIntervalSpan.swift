import Foundation

extension DispatchTimeInterval {
    /// What is left of this interval once the span between two dates has passed, never negative;
    /// in this interval's own unit and rounded as RxSwift does, so virtual-time results match it.
    func reduced(bySpanFrom earlierDate: Date, to laterDate: Date) -> DispatchTimeInterval {
        let elapsed = laterDate.timeIntervalSince(earlierDate)
        func remaining(_ value: Int, _ unitsPerSecond: Double) -> Int {
            let remainder = Double(value) - elapsed * unitsPerSecond
            guard remainder > 0 else { return 0 }
            return Int(remainder.rounded(.toNearestOrAwayFromZero))
        }
        switch self {
        case .seconds(let value): return .seconds(remaining(value, 1))
        case .milliseconds(let value): return .milliseconds(remaining(value, 1_000))
        case .microseconds(let value): return .microseconds(remaining(value, 1_000_000))
        case .nanoseconds(let value): return .nanoseconds(remaining(value, 1_000_000_000))
        case .never: return .never
        @unknown default: return self
        }
    }

    /// Whether the interval is zero (`.never` is not).
    var isImmediate: Bool { nanoseconds == 0 }
}
