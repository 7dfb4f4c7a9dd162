import Dispatch
import PersistenceInterface
import Reactive

/// The single writer: a serial queue that owns the writer connection.
///
/// It runs every write transaction, publishes what each commit changed (first to the observations
/// that read a changed table, which fetch again on this queue, then on the did-save stream), and,
/// for an in-memory database, also runs the reads. For a file, it also looks for commits made by
/// other connections while observations are active (`ExternalChangeWatch`).
final class Writer: @unchecked Sendable {
    // @unchecked Sendable: `connection`, `observations`, `externalChanges`, `isWriting`, `readDepth`,
    // `pendingDeliveries` and `isDelivering` are touched only on `queue` (a serial queue); the other
    // properties are immutable or Sendable themselves.
    let queue: DispatchQueue
    /// Where observation values are delivered (unless delivered on `queue` itself), one at a time in commit order.
    let deliveryQueue: DispatchQueue
    /// The changes of each commit, emitted on `queue` right after the commit.
    let didSave = PublishSubject<DatabaseChanges>()
    let connection: Connection
    private let readsInTransaction: Bool
    /// `nil` in memory, where no other connection can exist.
    private let externalChanges: ExternalChangeWatch?
    private let queueKey = DispatchSpecificKey<Bool>()
    private var observations: [any AnyObservation] = []
    private var isWriting = false
    private var readDepth = 0
    /// What writer-queue observations (`ObservationDelivery.writerQueue`) are to receive once the
    /// current transaction ends, in order.
    private var pendingDeliveries: [() -> Void] = []
    /// Whether those deliveries are running: an observer's write is then refused.
    private var isDelivering = false

    /// The writer of `connection`. For a file (`isFile`), which other connections and processes may
    /// write, reads run in a transaction and other connections' commits are looked for every
    /// `externalChangeCheckInterval` (never with `nil`) while observations are active. Rows are
    /// counted with the pre-update hook when `prefersPreUpdateHook` and SQLite has one.
    init(connection: Connection, isFile: Bool, externalChangeCheckInterval: Duration?, prefersPreUpdateHook: Bool) {
        let queue = DispatchQueue(label: "bistro.persistence.writer", qos: .userInitiated)
        self.queue = queue
        deliveryQueue = DispatchQueue(label: "bistro.persistence.observations", qos: .userInitiated)
        self.connection = connection
        readsInTransaction = isFile
        externalChanges = isFile ? ExternalChangeWatch(interval: externalChangeCheckInterval, queue: queue) : nil
        queue.setSpecific(key: queueKey, value: true)
        connection.becomeWriter(prefersPreUpdateHook: prefersPreUpdateHook)
    }

    /// Whether the caller runs on the writer queue.
    var isCurrent: Bool { DispatchQueue.getSpecific(key: queueKey) == true }

    /// Runs `body` on the writer queue and waits (at once when already on it).
    func sync<T>(_ body: () throws -> T) rethrows -> T {
        if isCurrent { return try body() }
        return try syncOnQueue(body, rescue: { throw $0 })
    }

    /// `sync` from another thread. Dispatch's generic `sync` keeps the result in an optional of
    /// `T`, and this code is compiled once for every `T`: two runtime metadata lookups on every
    /// read and write. The result goes through a buffer of `T` instead, and an error through an
    /// `Error?`, whose type is known; `rescue` rethrows it (as Dispatch's own `sync` does).
    private func syncOnQueue<T>(_ body: () throws -> T, rescue: (Error) throws -> T) rethrows -> T {
        let result = UnsafeMutablePointer<T>.allocate(capacity: 1)
        defer { result.deallocate() }
        var failure: Error?
        queue.sync {
            do {
                result.initialize(to: try body())
            } catch {
                failure = error
            }
        }
        if let failure { return try rescue(failure) }
        return result.move()
    }

    // MARK: Transactions (on the queue)

    /// Runs `body` in one transaction: commits and publishes the changes if it returns, rolls back if it throws.
    func write<T>(_ body: (any WriteTransaction) throws -> T) throws -> T {
        if isWriting { throw PersistenceError.nestedTransaction }
        if isDelivering { throw PersistenceError.writeDuringDelivery }
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
        // Rows are counted only for someone: an observation, or a `didSave` subscriber. One who
        // subscribes to `didSave` while this transaction runs hears of the commits after it.
        connection.tracker?.setTracking(!observations.isEmpty || didSave.hasObservers)
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
    /// with the connection refusing statements that write for the duration.
    func read<T>(_ body: (any ReadTransaction) throws -> T) throws -> T {
        try connection.checkOpen()
        let refusedWrites = connection.refusesWrites
        connection.refusesWrites = true
        readDepth += 1
        defer {
            readDepth -= 1
            connection.refusesWrites = refusedWrites
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
        // The data version is read before the first fetch, so that another connection's commit
        // landing between the two is seen at the next check rather than missed.
        if observations.isEmpty { startWatchingExternalChanges() }
        do {
            if try read({ refreshTrackingReads(observation, $0, onlyIfChanged: false) }) { observations.append(observation) }
        } catch {
            observation.fail(error)
        }
        stopWatchingExternalChangesIfIdle()
        runPendingDeliveries()
    }

    /// Queues `delivery` for when the current transaction (the fetch of a writer-queue observation) ends.
    func deliverAfterTransaction(_ delivery: @escaping () -> Void) {
        pendingDeliveries.append(delivery)
    }

    /// Runs the deliveries of writer-queue observations, outside any transaction: the observer may
    /// read. Deliveries queued meanwhile (an observer that looks for other connections' commits) run
    /// in turn, by the outer call, so no observer is re-entered.
    private func runPendingDeliveries() {
        guard !isDelivering, !pendingDeliveries.isEmpty else { return }
        isDelivering = true
        defer { isDelivering = false }
        var next = 0
        while next < pendingDeliveries.count {
            let delivery = pendingDeliveries[next]
            next += 1
            delivery()
        }
        pendingDeliveries.removeAll()
    }

    /// Stops refreshing the observation.
    func unregister(_ observation: any AnyObservation) {
        observations.removeAll { $0 === observation }
        stopWatchingExternalChangesIfIdle()
    }

    /// How many observations are registered (for tests).
    var observationCount: Int { observations.count }

    /// The tables each registered observation follows, in the order they registered (for tests).
    var observedTables: [Set<String>] { observations.map { Set($0.tables) } }

    /// Whether the timer that looks for other connections' commits runs (for tests).
    var isPollingExternalChanges: Bool { externalChanges?.isPolling ?? false }

    private func refreshObservations(changedTables: Set<String>) {
        observations.removeAll { $0.isCancelled }
        refresh(observations.filter { $0.tables.contains(where: changedTables.contains) }, onlyIfChanged: false)
    }

    /// Fetches the observations again in one read transaction and drops those that failed;
    /// `onlyIfChanged` delivers only values that differ from the last delivered one, where that can be told.
    private func refresh(_ affected: [any AnyObservation], onlyIfChanged: Bool) {
        defer {
            stopWatchingExternalChangesIfIdle()
            runPendingDeliveries()
        }
        guard !affected.isEmpty else { return }
        var failed: [ObjectIdentifier] = []
        do {
            try read { transaction in
                for observation in affected where !refreshTrackingReads(observation, transaction, onlyIfChanged: onlyIfChanged) {
                    failed.append(ObjectIdentifier(observation))
                }
            }
        } catch {
            for observation in affected { observation.fail(error) }
            failed = affected.map { ObjectIdentifier($0) }
        }
        if !failed.isEmpty { observations.removeAll { failed.contains(ObjectIdentifier($0)) } }
    }

    /// Fetches the observation again and makes the tables this fetch read the ones it follows: a
    /// fetch that reads another table next time is refreshed by that table's commits from then on.
    private func refreshTrackingReads(_ observation: any AnyObservation, _ transaction: any ReadTransaction, onlyIfChanged: Bool) -> Bool {
        connection.startTrackingReads()
        let refreshed = observation.refresh(transaction, onlyIfChanged: onlyIfChanged)
        connection.stopTrackingReads(into: &observation.tables)
        return refreshed
    }

    // MARK: Other connections' commits (on the queue)

    /// When another connection committed since the last check, fetches every observation again and
    /// delivers the values that changed. Runs on each tick of the watch's timer, or when asked.
    func checkForExternalChanges() {
        guard let externalChanges, !connection.isClosed else { return }
        // Inside a transaction the version and the fetches would see that transaction, not the file:
        // the check runs right after it instead.
        if isWriting || readDepth > 0 {
            queue.async { [weak self] in self?.checkForExternalChanges() }
            return
        }
        observations.removeAll { $0.isCancelled }
        guard externalChanges.isActive, !observations.isEmpty else {
            stopWatchingExternalChangesIfIdle()
            return
        }
        // A check that fails (the file busy or gone for a moment) is tried again at the next tick
        // rather than ending every observation.
        guard let version = try? connection.dataVersion(), externalChanges.hasChanged(to: version) else { return }
        // Which tables the other connection wrote cannot be known: every observation fetches again.
        refresh(observations, onlyIfChanged: true)
    }

    private func startWatchingExternalChanges() {
        guard let externalChanges, !externalChanges.isActive else { return }
        externalChanges.start(from: try? connection.dataVersion()) { [weak self] in self?.checkForExternalChanges() }
    }

    /// Stops the watch once no observation is left, so an unobserved database never wakes up.
    private func stopWatchingExternalChangesIfIdle() {
        if observations.isEmpty { externalChanges?.stop() }
    }

    // MARK: Closing (on the queue)

    /// Completes the observations and the did-save stream, then closes the connection.
    func close() {
        guard !connection.isClosed else { return }
        let current = observations
        observations.removeAll()
        externalChanges?.stop()
        for observation in current { observation.finish() }
        runPendingDeliveries()
        didSave.onCompleted()
        connection.close()
    }
}
