/// Where a database lives.
public enum DatabaseLocation: Sendable, Hashable {
    /// In memory, gone when the database is released: the default for tests.
    case inMemory
    /// A file at this path (created when missing), in WAL mode.
    case file(path: String)
}

/// How a database is opened.
public struct DatabaseConfiguration: Sendable, Hashable {
    /// How long a statement waits for another process's lock before failing with `SQLITE_BUSY`.
    public var busyTimeout: Duration
    /// The most reader connections a file database opens for concurrent reads.
    public var maximumReaderCount: Int
    /// Whether opening a file runs `PRAGMA quick_check`, so that a corrupt file is reported at once.
    public var checksIntegrityOnOpen: Bool

    /// A configuration: 5 s busy timeout, up to 4 readers, integrity checked on open.
    public init(busyTimeout: Duration = .seconds(5), maximumReaderCount: Int = 4, checksIntegrityOnOpen: Bool = true) {
        self.busyTimeout = busyTimeout
        self.maximumReaderCount = maximumReaderCount
        self.checksIntegrityOnOpen = checksIntegrityOnOpen
    }

    /// The busy timeout in whole milliseconds, as SQLite takes it.
    var busyTimeoutMilliseconds: Int32 {
        let (seconds, attoseconds) = busyTimeout.components
        return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }
}
