import Foundation
import PersistenceInterface
import Reactive
import RemoteConfigInterface

/// The tables that every plugin keeps in step with remote config, for one run of the app: the one
/// place where remote config is fetched into the database.
///
/// One fetch at a time: a sync asked for while another runs joins its fetch, then stores its own
/// table. One real-time listener: while any table is kept in step, each published template is
/// activated once, and every table whose key it names is stored again. A store decodes the active
/// value with the table's `decode` and writes only when it differs from what the table holds,
/// compared inside the write; a write that fails leaves the table as it was and is reported.
///
/// The last good data stands: a value that does not decode leaves the table as it was (or, when
/// the table reads empty and no value of the key was ever stored, fills it with the in-app
/// default's data) and is recorded in the same database, in the write that decides it, so that it
/// is reported once however often it comes back — across runs and processes too — until a value
/// of the key is stored.
public final class RemoteConfigTables: @unchecked Sendable {
    // @unchecked Sendable: `fetch`, `fetchNow` and `activatedUpdates` are assigned once, here, and are
    // `share()`s, whose connection is guarded by the share's own lock; everything else is immutable
    // and Sendable.
    private let remoteConfig: any RemoteConfigProtocol
    private let database: any Database
    private let tables: [String: RemoteConfigTable]
    private let now: @Sendable () -> Date
    /// Fetches (when the minimum interval has passed) and activates; subscribers that come while it
    /// runs join it, the next one after it ended starts another.
    private let fetch: Observable<Never>
    /// Fetches now, whatever the interval, and activates; joined the same way.
    private let fetchNow: Observable<Never>
    /// Each real-time update, activated once for every table kept in step.
    private let activatedUpdates: Observable<ActivatedUpdate>

    /// The tables `tables` (one per key), kept in step with `remoteConfig` in `database`; `now`
    /// dates what is recorded of refused values.
    public init(
        remoteConfig: any RemoteConfigProtocol, database: any Database, tables: [RemoteConfigTable],
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.remoteConfig = remoteConfig
        self.database = database
        self.now = now
        self.tables = Dictionary(tables.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        func joined(_ fetch: Observable<(RemoteConfigFetchAndActivateStatus, (any Error)?)>) -> Observable<Never> {
            fetch
                .flatMap { status, error -> Observable<Never> in
                    guard status == .error else { return .empty() }
                    return .error(RemoteConfigTableError.fetchFailed(error ?? RemoteConfigError.unknown))
                }
                .share()
        }
        fetch = joined(remoteConfig.rx.fetchAndActivate())
        fetchNow = joined(remoteConfig.rx.fetchNowAndActivate())
        let notFetched = remoteConfig.realtimeUpdateFailures.map { ActivatedUpdate.notFetched(.fetchFailed($0)) }
        let activated = remoteConfig.realtimeUpdates
            .materialize()
            // One activation after another, in the order of the updates.
            .concatMap { event -> Observable<ActivatedUpdate> in
                switch event {
                case .next(let update):
                    remoteConfig.rx.activate().map { _, error in
                        error.map { .failed(keys: update.updatedKeys, .activationFailed($0)) } ?? .activated(keys: update.updatedKeys)
                    }
                case .error(let error): .just(.stopped(.updatesStopped(error)))
                case .completed: .empty()
                }
            }
        // Failures to fetch an update come while updates are listened to, and end with them: the
        // end of the updates is marked by nil.
        activatedUpdates = Observable.merge(activated.map(Optional.some).concat(Observable.just(nil)), notFetched.map(Optional.some))
            .take(while: { $0 != nil })
            .compactMap { $0 }
            .share()
    }

    /// The keys of the tables, sorted.
    public var keys: [String] { tables.keys.sorted() }

    /// When a sync asks the server.
    public enum Fetch: Sendable {
        /// Only when the minimum fetch interval has passed since the last fetch (12 hours by
        /// default, Firebase's): what a screen or a command run by scripts does. A value published
        /// meanwhile arrives through real-time updates (`keepInStep`, `followUpdates`).
        case whenDue
        /// Now, whatever the interval: for a command a person runs to see a value just published.
        /// Never on a timer or in a loop: the server throttles fetches that come too often.
        case now
    }

    /// When subscribed: fetches (as `fetch` says) and activates remote config, joining a fetch of the
    /// same kind already running, then stores the active value of `key` in its table. Completes once
    /// stored, or found equal to what the table holds; otherwise fails with a
    /// `RemoteConfigTableError`, the table keeping the last good data — for a value that does not
    /// decode too, each time it is synced. A caller that goes on with the last good data uses
    /// `syncKeepingLastGoodData(_:fetch:)`.
    public func sync(_ key: String, fetch: Fetch = .whenDue) -> Completable {
        (fetch == .now ? fetchNow : self.fetch).asCompletable().andThen(store(key))
    }

    /// When subscribed: syncs `key` as `sync(_:fetch:)` does, except that a value that does not
    /// decode is no failure: the table keeps the last good data, and the sync succeeds with the
    /// refusal (`.invalidValue`) when this value was not refused before, by this run or an earlier
    /// one, to be said once. It succeeds with nil when the table holds the active value or the
    /// refusal was said already, and fails with a `RemoteConfigTableError` when fetching or writing
    /// failed, the table as it was.
    public func syncKeepingLastGoodData(_ key: String, fetch: Fetch = .whenDue) -> Single<RemoteConfigTableError?> {
        let stored = attemptStore(key).flatMap { attempt -> Observable<RemoteConfigTableError?> in
            switch attempt {
            case .stored: .just(nil)
            case .refused(let refusal, let isNews): .just(isNews ? refusal : nil)
            case .failed(let error): .error(error)
            }
        }
        return (fetch == .now ? fetchNow : self.fetch).asCompletable().andThen(stored.asSingle())
    }

    /// When subscribed: stores the active value of `key` in its table, without fetching; completes
    /// and fails as `sync(_:fetch:)` does.
    public func store(_ key: String) -> Completable {
        attemptStore(key)
            .flatMap { attempt -> Observable<Never> in
                switch attempt {
                case .stored: .empty()
                case .refused(let error, _), .failed(let error): .error(error)
                }
            }
            .asCompletable()
    }

    /// While subscribed: syncs the table of `key`, then stores it again after each real-time update
    /// that names the key. Each failure is an element, and the table keeps the last good data; a
    /// value that does not decode is an element once, however often it comes back and whichever
    /// run meets it first, until a value of the key is stored. Completes once the sync is done and
    /// real-time updates ended (never, while they run).
    public func keepInStep(_ key: String) -> Observable<RemoteConfigTableError> {
        Observable.deferred { [self] in
            let synced = fetch.materialize().flatMap { [self] event -> Observable<StoreAttempt> in
                switch event {
                case .error(let error): .just(.failed(error as? RemoteConfigTableError ?? .fetchFailed(error)))
                case .completed: attemptStore(key)
                }
            }
            return Observable.merge(synced, storesAfterUpdates(key)).compactMap(\.failureToReport)
        }
    }

    /// While subscribed: stores the table of `key` again after each real-time update that names the
    /// key, without a sync first (for a caller that has just synced); failures as `keepInStep`'s.
    public func followUpdates(_ key: String) -> Observable<RemoteConfigTableError> {
        Observable.deferred { [self] in storesAfterUpdates(key).compactMap(\.failureToReport) }
    }

    /// The store of `key` after each activated update that names it, and the failures of updates.
    private func storesAfterUpdates(_ key: String) -> Observable<StoreAttempt> {
        activatedUpdates.concatMap { [self] update -> Observable<StoreAttempt> in
            switch update {
            case .activated(let keys) where keys.contains(key): attemptStore(key)
            case .failed(let keys, let error) where keys.contains(key): .just(.failed(error))
            case .stopped(let error), .notFetched(let error): .just(.failed(error))
            default: .empty()
            }
        }
    }

    /// One store of the active value of `key`: one element, how it went.
    private func attemptStore(_ key: String) -> Observable<StoreAttempt> {
        guard let table = tables[key] else {
            preconditionFailure("no table is kept in step with the remote-config key '\(key)'")
        }
        let remoteConfig = remoteConfig
        let database = database
        let now = now
        return Observable.deferred {
            let value = remoteConfig[key]
            let write: @Sendable (any WriteTransaction) throws -> Void
            do {
                write = try table.prepareStore(value)
            } catch {
                return Self.refuse(value, because: error, of: table, default: remoteConfig.defaultValue(forKey: key), database, now)
            }
            return database.asyncWrite { db in
                try write(db)
                try RemoteConfigLedger.noteStored(table, at: now(), in: db)
            }
            .map { _ in StoreAttempt.stored }
            .catch { .just(.failed(.storeFailed($0))) }
        }
    }

    /// Records that `table` refused `value` for `reason`, in one write that also fills a table no
    /// value ever filled with `defaultValue`'s data (when that decodes): whether the refusal is news
    /// is read in the write that records it, so two processes refusing it at once report it once.
    private static func refuse(
        _ value: RemoteConfigValue, because reason: any Error, of table: RemoteConfigTable, default defaultValue: RemoteConfigValue?,
        _ database: any Database, _ now: @escaping @Sendable () -> Date
    ) -> Observable<StoreAttempt> {
        let refusal = RemoteConfigTableError.invalidValue(key: table.key, reason)
        let storeDefault = defaultValue.flatMap { try? table.prepareStore($0) }
        let digest = SHA256.hex(value.dataValue)
        let sentence = ErrorSentence.of(reason)
        return database.asyncWrite { db -> Bool in
            let date = now()
            if let storeDefault, try RemoteConfigLedger.holdsNoValueYet(table, in: db) {
                try storeDefault(db)
                try RemoteConfigLedger.noteEmptiness(of: table, at: date, in: db)
            }
            return try RemoteConfigLedger.noteRefusal(of: table.key, digest: digest, reason: sentence, at: date, in: db)
        }
        .map { isNews in StoreAttempt.refused(refusal, isNews: isNews) }
        .catch { .just(.failed(.storeFailed($0))) }
    }
}

/// A real-time update once activated: the keys it named, and how the activation went.
private enum ActivatedUpdate {
    case activated(keys: Set<String>)
    case failed(keys: Set<String>, RemoteConfigTableError)
    /// Real-time updates ended with an error.
    case stopped(RemoteConfigTableError)
    /// A published template could not be fetched; updates go on.
    case notFetched(RemoteConfigTableError)
}

/// How one store went.
private enum StoreAttempt {
    case stored
    /// The value did not decode; the table holds the last good data. `isNews`: this value was not
    /// the refusal on record, so it is reported.
    case refused(RemoteConfigTableError, isNews: Bool)
    /// Fetching, activating or writing failed; the table is as it was.
    case failed(RemoteConfigTableError)

    /// What a caller following the table is told: failures, and refusals that are news.
    var failureToReport: RemoteConfigTableError? {
        switch self {
        case .stored: nil
        case .refused(let refusal, let isNews): isNews ? refusal : nil
        case .failed(let error): error
        }
    }
}
