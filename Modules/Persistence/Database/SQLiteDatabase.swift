import PersistenceInterface
import Reactive

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// The SQLite implementation of `Database`: a file in WAL mode or an in-memory database.
///
/// One serial writer queue runs every write transaction; reads of a file run concurrently on a small
/// pool of reader connections (an in-memory database reads on the writer queue). After each commit
/// the observations of the changed tables fetch again and `didSave` reports the changes. While
/// observations are active, a file database also looks for commits made by other connections and
/// processes (`DatabaseConfiguration.externalChangeCheckInterval`) and then fetches them all again.
public final class SQLiteDatabase: Database {
    /// Where the database lives.
    public let location: DatabaseLocation
    let writer: Writer
    private let readers: ReaderPool?

    /// Opens the database (creating a missing file) and applies the migrations it lacks.
    ///
    /// Throws `notADatabase` or `corrupt` for a file that is not a sound database, `foreignDatabase`
    /// for one with tables this library did not migrate (when there are migrations to apply),
    /// `newerSchema` for a file migrated by newer code (each left untouched), and `sqlite` for anything
    /// else SQLite refuses. Several processes may open one file at once; each migration runs once.
    public init(
        _ location: DatabaseLocation = .inMemory, configuration: DatabaseConfiguration = DatabaseConfiguration(),
        migrations: [Migration] = []
    ) throws {
        self.location = location
        switch location {
        case .inMemory:
            let connection = try Connection(path: ":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            connection.setBusyTimeout(milliseconds: configuration.busyTimeoutMilliseconds)
            try connection.execute("PRAGMA foreign_keys = ON")
            writer = Writer(
                connection: connection, isFile: false, externalChangeCheckInterval: nil,
                prefersPreUpdateHook: configuration.countsChangesWithPreUpdateHook)
            readers = nil
        case .file(let path):
            let connection = try FileOpener.openWriter(
                path: path, configuration: configuration, migrator: Migrator(migrations: migrations))
            writer = Writer(
                connection: connection, isFile: true,
                externalChangeCheckInterval: configuration.effectiveExternalChangeCheckInterval,
                prefersPreUpdateHook: configuration.countsChangesWithPreUpdateHook)
            readers = ReaderPool(path: path, configuration: configuration)
        }
        try migrate(migrations)
    }

    /// An in-memory database with the given migrations applied.
    public static func inMemory(migrations: [Migration] = []) throws -> SQLiteDatabase {
        try SQLiteDatabase(.inMemory, migrations: migrations)
    }

    deinit {
        close()
    }

    /// Applies the migrations the database lacks, all in one exclusive transaction (see `Migration`).
    public func migrate(_ migrations: [Migration]) throws {
        let writer = self.writer
        try writer.sync { try Migrator(migrations: migrations).migrate(on: writer) }
    }

    /// The names of the applied migrations, in order.
    public func appliedMigrations() throws -> [String] {
        try read { try Migrator.appliedNames($0) }
    }

    /// Closes the connections: observations and `didSave` complete, later calls throw `databaseClosed`.
    public func close() {
        let writer = self.writer
        readers?.close()
        writer.sync { writer.close() }
    }

    // MARK: Database

    /// Runs `body` in a read transaction: on a reader connection for a file (concurrently with writes),
    /// on the writer queue in memory, and inside the current write when called from one.
    public func read<T>(_ body: (any ReadTransaction) throws -> T) throws -> T {
        let writer = self.writer
        if let readers, !writer.isCurrent { return try readers.read(body) }
        return try writer.sync { try writer.read(body) }
    }

    /// Runs `body` in one write transaction on the writer queue and waits: commits if it returns, rolls back if it throws.
    @discardableResult
    public func write<T>(_ body: (any WriteTransaction) throws -> T) throws -> T {
        let writer = self.writer
        return try writer.sync { try writer.write(body) }
    }

    /// When subscribed, runs `body` in one write transaction on the writer queue, then emits its result
    /// and completes (or fails with its error) on the delivery queue, after the values its commit gave
    /// the observations.
    ///
    /// The result waits its turn behind those values so that a subscriber of both sees its own write
    /// read back before it learns the write is done: once the result arrives, no observation value
    /// from before that commit is still on its way (read-your-writes for anyone following a table).
    public func asyncWrite<T: Sendable>(_ body: @escaping @Sendable (any WriteTransaction) throws -> T) -> Observable<T> {
        let writer = self.writer
        return Observable.create { observer in
            let cancelled = BooleanDisposable()
            let handoff = Handoff(observer)  // used only by the writer-queue block, then the delivery-queue block below
            writer.queue.async {
                guard !cancelled.isDisposed else { return }
                let result = Result { try writer.write(body) }
                writer.deliveryQueue.async {
                    switch result {
                    case .success(let value):
                        handoff.value.onNext(value)
                        handoff.value.onCompleted()
                    case .failure(let error):
                        handoff.value.onError(error)
                    }
                }
            }
            return cancelled
        }
    }

    /// The value of `fetch` now, then after each committed transaction that changed a table the last
    /// fetch read (never after a rollback or a commit of other tables): the writer notes the tables
    /// each fetch's statements read, through SQLite's authorizer (`SQLITE_READ`, views resolved to
    /// their tables), as GRDB's `ValueObservation.tracking` does. Values arrive in commit order, on the
    /// database's delivery queue, on the writer queue right after the commit, or on a queue of the
    /// caller's (`delivery`). After
    /// another connection's commit to the file, every observation
    /// fetches again and delivers its value only if it differs from the last one delivered (with
    /// `removeDuplicates`, or `==` when the value is `Equatable`; a value that cannot be compared is
    /// delivered again).
    public func observe<Value: Sendable>(
        removeDuplicates: (@Sendable (Value, Value) -> Bool)?,
        delivery: ObservationDelivery,
        fetch: @escaping @Sendable (any ReadTransaction) throws -> Value
    ) -> Observable<Value> {
        let writer = self.writer
        let seesOtherConnections = readers != nil
        return Observable.create { observer in
            let observation = ValueObservation(
                fetch: fetch, isDuplicate: removeDuplicates, seesOtherConnections: seesOtherConnections,
                observer: observer, delivery: Self.delivery(delivery, writer))
            writer.queue.async { writer.register(observation) }
            return Disposables.create {
                observation.cancel()
                writer.queue.async { writer.unregister(observation) }
            }
        }
    }

    private static func delivery(_ delivery: ObservationDelivery, _ writer: Writer) -> ValueObservationDelivery {
        switch delivery {
        case .deliveryQueue: .queue(writer.deliveryQueue)
        case .writerQueue: .writerQueue(writer)
        case .async(let queue): .queue(queue)
        }
    }

    /// Looks now for commits made to the file by other connections or processes, and when there were
    /// some, fetches every active observation again and delivers the values that changed (see `observe`);
    /// returns once the values are handed to the delivery queue (called inside a `read` or `write`
    /// closure, it runs right after that transaction instead). Does nothing in memory.
    public func checkForExternalChanges() {
        let writer = self.writer
        writer.sync { writer.checkForExternalChanges() }
    }

    /// The changes of every committed transaction that changed something, emitted on the writer queue
    /// right after the commit, before `write` returns; commits of other connections are not reported.
    /// A transaction is reported when it began while someone was subscribed: rows are counted only
    /// for transactions someone follows. Completes when the database closes.
    public var didSave: Observable<DatabaseChanges> { writer.didSave.asObservable() }

    /// How many observations are registered (waits for the writer queue).
    var observationCount: Int {
        let writer = self.writer
        return writer.sync { writer.observationCount }
    }

    /// Whether the timer looking for other connections' commits runs (waits for the writer queue).
    var isPollingExternalChanges: Bool {
        let writer = self.writer
        return writer.sync { writer.isPollingExternalChanges }
    }
}
