import Reactive

/// A database that features read, write and observe without knowing what stores it (SQLite on disk or in memory).
///
/// Features and their repositories program against this protocol only; the composition root injects the
/// live SQLite database and tests inject an in-memory one. Every value that leaves the database is a
/// `Sendable` value type, so results can cross to any thread.
public protocol Database: AnyObject, Sendable {
    /// Runs `body` in a read transaction (one consistent snapshot) and returns its result.
    func read<T>(_ body: (any ReadTransaction) throws -> T) throws -> T

    /// Runs `body` in one write transaction on the serial writer queue and waits: commits if it returns, rolls back if it throws.
    @discardableResult
    func write<T>(_ body: (any WriteTransaction) throws -> T) throws -> T

    /// When subscribed, runs `body` in one write transaction on the background writer queue, then emits its result and completes (or fails).
    ///
    /// The result arrives after every observation value that its commit (or any earlier one) produced,
    /// so a subscriber following the tables it wrote never gets an older value after the result.
    func asyncWrite<T: Sendable>(_ body: @escaping @Sendable (any WriteTransaction) throws -> T) -> Observable<T>

    /// The value of `fetch` now, then again after each committed transaction that changed a table
    /// the last fetch read.
    ///
    /// The database tracks what each fetch reads, as GRDB's `ValueObservation.tracking` does: a fetch
    /// that reads another table next time follows that table from then on, so no caller lists tables
    /// and none can be forgotten. `removeDuplicates`, when given, drops a fresh value that it finds
    /// equal to the previous one. Values arrive in commit order where `delivery` says; disposing the
    /// subscription stops the observation.
    ///
    /// Commits count wherever they come from: this database's writes, and those of another
    /// connection to the same file or of another process (an SQLite file noticed through
    /// `PRAGMA data_version`, shortly after they commit, after which every observation fetches again).
    func observe<Value: Sendable>(
        removeDuplicates: (@Sendable (Value, Value) -> Bool)?,
        delivery: ObservationDelivery,
        fetch: @escaping @Sendable (any ReadTransaction) throws -> Value
    ) -> Observable<Value>

    /// The changes of every committed transaction that changed something (the analogue of
    /// `NSManagedObjectContextDidSave`), from the transactions that begin once subscribed.
    var didSave: Observable<DatabaseChanges> { get }
}
