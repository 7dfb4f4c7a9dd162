import Foundation
import Reactive

/// A clock the test moves by hand: token times, refetch and minimum intervals, back-off, session lifetimes.
public final class TestClock: Sendable {
    private let current: Locked<Date>

    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = Locked(start)
    }

    /// The current time.
    public var now: Date { current.withLock { $0 } }

    /// Moves the clock forward.
    public func advance(by interval: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(interval) }
    }
}
