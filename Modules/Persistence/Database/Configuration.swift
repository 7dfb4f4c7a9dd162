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
    /// How often a file database checks for commits made by other connections or processes while at
    /// least one observation is active; `nil` or zero turns the checks off (see `checkForExternalChanges()`).
    public var externalChangeCheckInterval: Duration?
    /// Whether rows are counted with SQLite's pre-update hook when this SQLite has one (the update
    /// hook otherwise). Internal: tests turn it off to exercise the other path.
    var countsChangesWithPreUpdateHook = true

    /// The default interval between checks for other connections' commits: 100 ms.
    public static let defaultExternalChangeCheckInterval: Duration = .milliseconds(100)

    /// A configuration: 5 s busy timeout, up to 4 readers, integrity checked on open, other connections'
    /// commits looked for every 100 ms while something is observed.
    public init(
        busyTimeout: Duration = .seconds(5), maximumReaderCount: Int = 4, checksIntegrityOnOpen: Bool = true,
        externalChangeCheckInterval: Duration? = DatabaseConfiguration.defaultExternalChangeCheckInterval
    ) {
        self.busyTimeout = busyTimeout
        self.maximumReaderCount = maximumReaderCount
        self.checksIntegrityOnOpen = checksIntegrityOnOpen
        self.externalChangeCheckInterval = externalChangeCheckInterval
    }

    /// The busy timeout in whole milliseconds, as SQLite takes it.
    var busyTimeoutMilliseconds: Int32 {
        let (seconds, attoseconds) = busyTimeout.components
        return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }

    /// The check interval when checks are on (at least 1 ms, so a tiny value cannot spin the writer queue).
    var effectiveExternalChangeCheckInterval: Duration? {
        guard let interval = externalChangeCheckInterval, interval > .zero else { return nil }
        return max(interval, .milliseconds(1))
    }
}
