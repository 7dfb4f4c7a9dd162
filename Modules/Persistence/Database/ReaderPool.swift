import Dispatch
import Foundation
import PersistenceInterface

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// Reader connections of a file database, opened on demand up to a maximum, each used by one read at a time.
///
/// In WAL mode a reader sees the last committed state while the writer works, so reads never wait for writes.
final class ReaderPool: @unchecked Sendable {  // `idle` and `isClosed` are read and written under `lock`
    // A pthread-based lock rather than Synchronization's Mutex: ThreadSanitizer understands it.
    private let lock = NSLock()
    private var idle: [Connection] = []
    private var isClosed = false

    private let path: String
    private let busyTimeoutMilliseconds: Int32
    private let slots: DispatchSemaphore

    init(path: String, configuration: DatabaseConfiguration) {
        self.path = path
        busyTimeoutMilliseconds = configuration.busyTimeoutMilliseconds
        slots = DispatchSemaphore(value: max(1, configuration.maximumReaderCount))
    }

    /// Runs `body` in a read transaction on a reader connection (waiting for one when all are busy).
    func read<T>(_ body: (any ReadTransaction) throws -> T) throws -> T {
        slots.wait()
        defer { slots.signal() }
        let connection = try checkOut()
        defer { checkIn(connection) }
        try connection.beginDeferred()
        let transaction = SQLiteTransaction(connection: connection, writable: false)
        defer {
            transaction.invalidate()
            connection.endReadTransaction()
        }
        return try body(transaction)
    }

    /// Closes the idle readers now and the busy ones when they come back.
    func close() {
        let closing: [Connection] = lock.withLock {
            isClosed = true
            defer { idle.removeAll() }
            return idle
        }
        for connection in closing { connection.close() }
    }

    private func checkOut() throws -> Connection {
        let reused: Connection? = try lock.withLock {
            if isClosed { throw PersistenceError.databaseClosed }
            return idle.popLast()
        }
        if let reused { return reused }
        let connection = try Connection(path: path, flags: SQLITE_OPEN_READWRITE)
        connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        try connection.execute("PRAGMA query_only = 1")
        return connection
    }

    private func checkIn(_ connection: Connection) {
        let keep = lock.withLock {
            guard !isClosed else { return false }
            idle.append(connection)
            return true
        }
        if !keep { connection.close() }
    }
}
