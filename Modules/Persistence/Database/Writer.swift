import Dispatch
import PersistenceInterface
import Reactive

/// The single writer: a serial queue that owns the writer connection.
///
/// It runs every write transaction, publishes what each commit changed (first to the observations
/// that read a changed table, which fetch again on this queue, then on the did-save stream), and,
/// for an in-memory database, also runs the reads.
final class Writer: @unchecked Sendable {
    // @unchecked Sendable: `connection`, `observations`, `isWriting` and `readDepth` are touched only on `queue`
    // (a serial queue); the other properties are immutable or Sendable themselves.
    let queue: DispatchQueue
    /// Where observation values are delivered, one at a time in commit order.
    let deliveryQueue: DispatchQueue
    /// The changes of each commit, emitted on `queue` right after the commit.
    let didSave = PublishSubject<DatabaseChanges>()
    private let connection: Connection
    private let readsInTransaction: Bool
    private let queueKey = DispatchSpecificKey<Bool>()
    private var observations: [any AnyObservation] = []
    private var isWriting = false
    private var readDepth = 0

    /// The writer of `connection`; `readsInTransaction` wraps its reads in a transaction (for a file,
    /// which another process may write).
    init(connection: Connection, readsInTransaction: Bool) {
        queue = DispatchQueue(label: "bistro.persistence.writer", qos: .userInitiated)
        deliveryQueue = DispatchQueue(label: "bistro.persistence.observations", qos: .userInitiated)
        self.connection = connection
        self.readsInTransaction = readsInTransaction
        queue.setSpecific(key: queueKey, value: true)
        connection.becomeWriter()
    }

    /// Whether the caller runs on the writer queue.
    var isCurrent: Bool { DispatchQueue.getSpecific(key: queueKey) == true }

    /// Runs `body` on the writer queue and waits (at once when already on it).
    func sync<T>(_ body: () throws -> T) rethrows -> T {
        if isCurrent { return try body() }
        return try queue.sync(execute: body)
    }

    // MARK: Transactions (on the queue)

    /// Runs `body` in one transaction: commits and publishes the changes if it returns, rolls back if it throws.
    func write<T>(_ body: (any WriteTransaction) throws -> T) throws -> T {
        if isWriting { throw PersistenceError.nestedTransaction }
        isWriting = true
        let result: T
        do {
            result = try transaction(body)
        } catch {
            isWriting = false
            throw error
        }
        isWriting = false
        publishCommittedChanges()
        return result
    }

    private func transaction<T>(_ body: (any WriteTransaction) throws -> T) throws -> T {
        try connection.checkOpen()
        try connection.beginImmediate()
        let transaction = SQLiteTransaction(connection: connection, writable: true)
        defer { transaction.invalidate() }
        do {
            let result = try body(transaction)
            transaction.invalidate()
            try connection.commit()
            return result
        } catch {
            connection.rollbackIfNeeded()
            connection.tracker?.discardCommitted()
            throw error
        }
    }

    /// Runs `body` in a read transaction on the writer connection (inside the current write, if any),
    /// with the connection in query-only mode for the duration.
    func read<T>(_ body: (any ReadTransaction) throws -> T) throws -> T {
        try connection.checkOpen()
        if readDepth == 0 { try connection.setQueryOnly(true) }
        readDepth += 1
        defer {
            readDepth -= 1
            if readDepth == 0 { try? connection.setQueryOnly(false) }
        }
        let ownsTransaction = readsInTransaction && !connection.isInTransaction
        if ownsTransaction { try connection.beginDeferred() }
        let transaction = SQLiteTransaction(connection: connection, writable: false)
        defer {
            transaction.invalidate()
            if ownsTransaction { connection.endReadTransaction() }
        }
        return try body(transaction)
    }

    private func publishCommittedChanges() {
        guard let changes = connection.tracker?.takeCommitted(), !changes.isEmpty else { return }
        refreshObservations(changedTables: Set(changes.tables.keys.map { $0.lowercased() }))
        didSave.onNext(changes)
    }

    // MARK: Observations (on the queue)

    /// Delivers the observation's current value and starts refreshing it after relevant commits.
    func register(_ observation: any AnyObservation) {
        guard !observation.isCancelled else { return }
        guard !connection.isClosed else {
            observation.finish()
            return
        }
        do {
            if try read({ observation.refresh($0) }) { observations.append(observation) }
        } catch {
            observation.fail(error)
        }
    }

    /// Stops refreshing the observation.
    func unregister(_ observation: any AnyObservation) {
        observations.removeAll { $0 === observation }
    }

    /// How many observations are registered (for tests).
    var observationCount: Int { observations.count }

    private func refreshObservations(changedTables: Set<String>) {
        observations.removeAll { $0.isCancelled }
        let affected = observations.filter { !$0.tables.isDisjoint(with: changedTables) }
        guard !affected.isEmpty else { return }
        var failed: [ObjectIdentifier] = []
        do {
            try read { transaction in
                for observation in affected where !observation.refresh(transaction) {
                    failed.append(ObjectIdentifier(observation))
                }
            }
        } catch {
            for observation in affected { observation.fail(error) }
            failed = affected.map { ObjectIdentifier($0) }
        }
        if !failed.isEmpty { observations.removeAll { failed.contains(ObjectIdentifier($0)) } }
    }

    // MARK: Closing (on the queue)

    /// Completes the observations and the did-save stream, then closes the connection.
    func close() {
        guard !connection.isClosed else { return }
        let current = observations
        observations.removeAll()
        for observation in current { observation.finish() }
        didSave.onCompleted()
        connection.close()
    }
}
