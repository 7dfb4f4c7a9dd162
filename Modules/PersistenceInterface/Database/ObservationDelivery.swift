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
}
