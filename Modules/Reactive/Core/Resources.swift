import Synchronization

/// How many of the library's resources are alive, for leak checks in tests: RxSwift's `Resources`,
/// which RxSwift only has in a build with `TRACE_RESOURCES`; here it is always on.
///
/// The count covers every sink and every subscribed observer (each subscription holds at least
/// one until it ends and is released) and whatever user types add with `incrementTotal()`. It is
/// process-wide: compare it in code that nothing else runs beside (virtual time, a serial test).
public enum Resources {
    private static let count = Atomic<Int>(0)

    /// The number of resources alive now.
    public static var total: Int32 { Int32(truncatingIfNeeded: count.load(ordering: .relaxed)) }

    /// Counts one more resource (a user type that wants to be part of leak checks); returns the new total.
    @discardableResult
    public static func incrementTotal() -> Int32 {
        Int32(truncatingIfNeeded: count.add(1, ordering: .relaxed).newValue)
    }

    /// Counts one resource less; returns the new total.
    @discardableResult
    public static func decrementTotal() -> Int32 {
        Int32(truncatingIfNeeded: count.subtract(1, ordering: .relaxed).newValue)
    }

    // Wrapping: a checked `add` is a compare-and-swap loop (to trap on overflow) where this is one
    // atomic add, on every observer's creation and release.
    static func nodeCreated() {
        count.wrappingAdd(1, ordering: .relaxed)
    }

    static func nodeReleased() {
        count.wrappingSubtract(1, ordering: .relaxed)
    }
}
