import CSQLiteSupport
import Foundation
import PersistenceInterface

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// Counts the rows each transaction inserts, updates and deletes, per table, from SQLite's hooks.
///
/// - The pre-update hook, when this SQLite has one (Debian's does), reports every changed row: also
///   rows changed by triggers and foreign-key actions, rows of WITHOUT ROWID tables, and rows that
///   `INSERT OR REPLACE` deletes to make room. Without it, the update hook reports the changed rows
///   of rowid tables except REPLACE's deletions; rows of the table a statement writes that it did not
///   report (a WITHOUT ROWID table) are then counted from `sqlite3_changes`. Either way the rows
///   count towards the pending transaction.
/// - A statement that fails is undone by SQLite; `abortStatement` takes its rows back out.
/// - The commit hook moves the pending counts to the committed ones; the rollback hook drops them.
/// - The writer takes the committed changes after `COMMIT` succeeds and publishes them.
/// - Rows are counted only in transactions that someone follows (`setTracking(_:)`): the row hook
///   costs every changed row a call from SQLite (the pre-update one also has SQLite gather what it
///   reports) and every write statement a look for the rows it changed, about 350 instructions per
///   inserted row, for nobody when no observation runs and nobody subscribed to `didSave`. GRDB,
///   likewise, installs its row hook only while a transaction observer is registered.
///
/// Used only on the writer queue (SQLite calls the hooks on the thread running the statement).
final class ChangeTracker {
    private struct Entry {
        let name: String
        let cName: ContiguousArray<CChar>
        var counts = DatabaseChanges.Counts()
        var schemaChanged = false
    }

    private struct StatementChange {
        let entry: Int
        let operation: Int32
        var count: Int
    }

    // Touched by one statement at a time on the writer queue (SQLite calls the hooks from inside
    // sqlite3_step on that thread): no dynamic exclusivity checks on the per-row path.
    @exclusivity(unchecked) private var pending: [Entry] = []
    @exclusivity(unchecked) private var lastEntry = -1
    /// The running statement's changes: the first `statementChangeCount` entries. The array is
    /// reused, not emptied, when a statement starts: `removeAll(keepingCapacity:)` cost about 70
    /// instructions per statement, as much as counting the row.
    @exclusivity(unchecked) private var statementChanges: [StatementChange] = []
    @exclusivity(unchecked) private var statementChangeCount = 0
    private var committed: [String: DatabaseChanges.Counts] = [:]
    private var handle: OpaquePointer?
    private var prefersPreUpdateHook = true
    /// Whether the row hook is installed and rows are counted.
    private(set) var isTracking = false

    /// Installs the commit and the rollback hooks on the connection (which keeps this object
    /// alive); `setTracking(true)` installs the row hook, pre-update when `prefersPreUpdateHook`
    /// and SQLite has it, else update.
    func install(on handle: OpaquePointer, prefersPreUpdateHook: Bool) {
        self.handle = handle
        self.prefersPreUpdateHook = prefersPreUpdateHook
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_commit_hook(handle, commitHook, context)
        sqlite3_rollback_hook(handle, rollbackHook, context)
    }

    /// Counts the rows of the transactions that start from now on, or stops counting them. Only
    /// between transactions: a transaction is counted whole or not at all.
    func setTracking(_ tracking: Bool) {
        guard tracking != isTracking, let handle else { return }
        isTracking = tracking
        let context = tracking ? Unmanaged.passUnretained(self).toOpaque() : nil
        if !prefersPreUpdateHook || csqlite_install_preupdate_hook(handle, tracking ? preUpdateHook : nil, context) == 0 {
            sqlite3_update_hook(handle, tracking ? updateHook : nil, context)
        }
    }

    // MARK: Statements

    /// A statement starts running.
    @inline(__always) func beginStatement() {
        statementChangeCount = 0
    }

    /// The running statement failed: SQLite undid its rows, so they no longer count.
    func abortStatement() {
        for change in statementChanges[..<statementChangeCount] where change.entry < pending.count {
            switch change.operation {
            case SQLITE_INSERT: pending[change.entry].counts.inserted -= change.count
            case SQLITE_UPDATE: pending[change.entry].counts.updated -= change.count
            default: pending[change.entry].counts.deleted -= change.count
            }
        }
        statementChangeCount = 0
    }

    /// A statement that writes `write.table` completed having changed `changes` rows of it. When the
    /// update hook reported none of them, the table is a WITHOUT ROWID one (the hook skips those):
    /// count them here.
    @inline(__always) func statementCompleted(writing write: StatementWrite, changes: Int) {
        assert(isTracking, "rows are counted only while tracking (Statement.didComplete asks first)")
        guard changes > 0 else { return }
        for change in statementChanges[..<statementChangeCount] where pending[change.entry].name == write.table {
            return
        }
        let index = write.table.withCString { entryIndex(for: $0) }
        switch write.operation {
        case SQLITE_INSERT: pending[index].counts.inserted += changes
        case SQLITE_UPDATE: pending[index].counts.updated += changes
        default: pending[index].counts.deleted += changes
        }
        recordStatementChange(StatementChange(entry: index, operation: write.operation, count: changes))
    }

    /// A statement that completed created, altered or dropped these tables.
    func schemaChanged(_ tables: [String]) {
        assert(isTracking, "schema changes are counted only while tracking (Statement.didComplete asks first)")
        for table in tables {
            let index = table.withCString { entryIndex(for: $0) }
            pending[index].schemaChanged = true
        }
    }

    // MARK: Hooks

    fileprivate func rowChanged(_ operation: Int32, table: UnsafePointer<CChar>) {
        let index = entryIndex(for: table)
        switch operation {
        case SQLITE_INSERT: pending[index].counts.inserted += 1
        case SQLITE_UPDATE: pending[index].counts.updated += 1
        default: pending[index].counts.deleted += 1
        }
        let last = statementChangeCount - 1
        if last >= 0, statementChanges[last].entry == index, statementChanges[last].operation == operation {
            statementChanges[last].count += 1
        } else {
            recordStatementChange(StatementChange(entry: index, operation: operation, count: 1))
        }
    }

    /// Adds `change` to the running statement's changes, in a slot an earlier statement used if
    /// there is one.
    private func recordStatementChange(_ change: StatementChange) {
        if statementChangeCount < statementChanges.count {
            statementChanges[statementChangeCount] = change
        } else {
            statementChanges.append(change)
        }
        statementChangeCount += 1
    }

    fileprivate func didCommit() {
        for entry in pending where entry.schemaChanged || entry.counts.total > 0 {
            committed[entry.name, default: DatabaseChanges.Counts()] =
                committed[entry.name, default: DatabaseChanges.Counts()] + entry.counts
        }
        dropPending()
    }

    fileprivate func didRollback() {
        dropPending()
    }

    private func dropPending() {
        pending.removeAll(keepingCapacity: true)
        statementChangeCount = 0
        lastEntry = -1
    }

    // MARK: Committed changes

    /// The changes committed since the last call, and forgets them.
    func takeCommitted() -> DatabaseChanges {
        defer { committed.removeAll() }
        return DatabaseChanges(tables: committed)
    }

    /// Forgets committed changes whose `COMMIT` did not complete.
    func discardCommitted() {
        committed.removeAll()
    }

    /// The entry of a table; the previous row's table is checked first (bulk writes hit one table).
    @inline(__always) private func entryIndex(for table: UnsafePointer<CChar>) -> Int {
        if lastEntry >= 0, pending[lastEntry].cName.withUnsafeBufferPointer({ strcmp($0.baseAddress!, table) }) == 0 {
            return lastEntry
        }
        for index in pending.indices where index != lastEntry {
            if pending[index].cName.withUnsafeBufferPointer({ strcmp($0.baseAddress!, table) }) == 0 {
                lastEntry = index
                return index
            }
        }
        let name = String(cString: table)
        var cName = ContiguousArray(name.utf8CString)
        cName.reserveCapacity(cName.count)
        pending.append(Entry(name: name, cName: cName))
        lastEntry = pending.count - 1
        return lastEntry
    }
}

private func updateHook(
    _ context: UnsafeMutableRawPointer?, _ operation: Int32,
    _ database: UnsafePointer<CChar>?, _ table: UnsafePointer<CChar>?, _ rowid: sqlite3_int64
) {
    guard let context, let table else { return }
    // Called for every changed row: borrow the tracker (the connection keeps it alive) without retaining it.
    Unmanaged<ChangeTracker>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.rowChanged(operation, table: table) }
}

private func preUpdateHook(
    _ context: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ operation: Int32,
    _ database: UnsafePointer<CChar>?, _ table: UnsafePointer<CChar>?, _ key1: sqlite3_int64, _ key2: sqlite3_int64
) {
    guard let context, let table else { return }
    Unmanaged<ChangeTracker>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.rowChanged(operation, table: table) }
}

private func commitHook(_ context: UnsafeMutableRawPointer?) -> Int32 {
    if let context { Unmanaged<ChangeTracker>.fromOpaque(context).takeUnretainedValue().didCommit() }
    return 0
}

private func rollbackHook(_ context: UnsafeMutableRawPointer?) {
    if let context { Unmanaged<ChangeTracker>.fromOpaque(context).takeUnretainedValue().didRollback() }
}
