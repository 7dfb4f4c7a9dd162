import Dispatch

/// Where an observation's values reach its observer.
public enum ObservationDelivery: Sendable {
    /// On the database's background delivery queue, in commit order (the default): a slow observer
    /// never holds up a writer, at the cost of a thread hand-off per value.
    case deliveryQueue
    /// On the writer queue, right after the commit and before `write` returns (as `didSave` is),
    /// outside any transaction: no thread hand-off, so the lowest latency, and a caller of `write`
    /// finds the observer up to date when `write` returns. Every writer waits while the observer
    /// runs, so it must be quick; it may read, but a write from it throws
    /// `PersistenceError.writeDuringDelivery`, and it must not wait for a thread that may be waiting
    /// to write (that would deadlock).
    case writerQueue
    /// On `queue`, a serial one, in commit order (GRDB's `.async(onQueue:)`): for an observer that runs there
    /// anyway, such as a screen on `.main`, which then gets each value in one hand-off from the
    /// writer instead of two. As with the delivery queue, a slow observer never holds up a writer
    /// and may write; an `asyncWrite`'s result still arrives on the delivery queue, so only
    /// observations delivered there are sure to have seen that write when its result arrives.
    case async(onQueue: DispatchQueue)
}
