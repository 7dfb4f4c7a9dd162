import CSQLite
import Dispatch
import PersistenceInterface
import Synchronization

/// Reader connections of a file database, opened on demand up to a maximum, each used by one read at a time.
///
/// In WAL mode a reader sees the last committed state while the writer works, so reads never wait for writes.
final class ReaderPool: Sendable {
    private struct State {
        var idle: [Connection] = []
        var isClosed = false
    }

    private let path: String
    private let busyTimeoutMilliseconds: Int32
    private let slots: DispatchSemaphore
    private let state = Mutex(State())

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
        let idle = state.withLock { state in
            state.isClosed = true
            defer { state.idle.removeAll() }
            return state.idle
        }
        for connection in idle { connection.close() }
    }

    private func checkOut() throws -> Connection {
        let idle: Connection? = try state.withLock { state in
            if state.isClosed { throw PersistenceError.databaseClosed }
            return state.idle.popLast()
        }
        if let idle { return idle }
        let connection = try Connection(path: path, flags: SQLITE_OPEN_READWRITE)
        connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        try connection.execute("PRAGMA query_only = 1")
        return connection
    }

    private func checkIn(_ connection: Connection) {
        let keep = state.withLock { state in
            guard !state.isClosed else { return false }
            state.idle.append(connection)
            return true
        }
        if !keep { connection.close() }
    }
}
