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
/// compared inside the write; a value that does not decode, or a write that fails, leaves the
/// table as it was and is reported.
public final class RemoteConfigTables: @unchecked Sendable {
    // @unchecked Sendable: `fetch`, `fetchNow` and `activatedUpdates` are assigned once, here, and are
    // `share()`s, whose connection is guarded by the share's own lock; everything else is immutable
    // and Sendable.
    private let remoteConfig: any RemoteConfigProtocol
    private let database: any Database
    private let tables: [String: RemoteConfigTable]
    /// Fetches (when the minimum interval has passed) and activates; subscribers that come while it
    /// runs join it, the next one after it ended starts another.
    private let fetch: Observable<Never>
    /// Fetches now, whatever the interval, and activates; joined the same way.
    private let fetchNow: Observable<Never>
    /// Each real-time update, activated once for every table kept in step.
    private let activatedUpdates: Observable<ActivatedUpdate>

    /// The tables `tables` (one per key), kept in step with `remoteConfig` in `database`.
    public init(remoteConfig: any RemoteConfigProtocol, database: any Database, tables: [RemoteConfigTable]) {
        self.remoteConfig = remoteConfig
        self.database = database
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
    /// stored, or found equal to what the table holds; fails with a `RemoteConfigTableError` and
    /// leaves the table as it was.
    public func sync(_ key: String, fetch: Fetch = .whenDue) -> Completable {
        (fetch == .now ? fetchNow : self.fetch).asCompletable().andThen(store(key))
    }

    /// When subscribed: stores the active value of `key` in its table, without fetching.
    public func store(_ key: String) -> Completable {
        attemptStore(key)
            .flatMap { attempt -> Observable<Never> in
                switch attempt {
                case .stored: .empty()
                case .failed(let error, _): .error(error)
                }
            }
            .asCompletable()
    }

    /// While subscribed: syncs the table of `key`, then stores it again after each real-time update
    /// that names the key. Each failure is an element, and the table stays as it was; a value that
    /// does not decode is reported once, however often it comes back, until a value is stored.
    /// Completes once the sync is done and real-time updates ended (never, while they run).
    public func keepInStep(_ key: String) -> Observable<RemoteConfigTableError> {
        Observable.deferred { [self] in
            let synced = fetch.materialize().flatMap { [self] event -> Observable<StoreAttempt> in
                switch event {
                case .error(let error): .just(.failed(error as? RemoteConfigTableError ?? .fetchFailed(error), refusedValue: nil))
                case .completed: attemptStore(key)
                }
            }
            return Self.failuresReportedOnce(Observable.merge(synced, storesAfterUpdates(key)))
        }
    }

    /// While subscribed: stores the table of `key` again after each real-time update that names the
    /// key, without a sync first (for a caller that has just synced); failures as `keepInStep`'s.
    public func followUpdates(_ key: String) -> Observable<RemoteConfigTableError> {
        Observable.deferred { [self] in Self.failuresReportedOnce(storesAfterUpdates(key)) }
    }

    /// The store of `key` after each activated update that names it, and the failures of updates.
    private func storesAfterUpdates(_ key: String) -> Observable<StoreAttempt> {
        activatedUpdates.concatMap { [self] update -> Observable<StoreAttempt> in
            switch update {
            case .activated(let keys) where keys.contains(key): attemptStore(key)
            case .failed(let keys, let error) where keys.contains(key): .just(.failed(error, refusedValue: nil))
            case .stopped(let error), .notFetched(let error): .just(.failed(error, refusedValue: nil))
            default: .empty()
            }
        }
    }

    /// The failures among `attempts`, a refused value once until a value is stored.
    private static func failuresReportedOnce(_ attempts: Observable<StoreAttempt>) -> Observable<RemoteConfigTableError> {
        let lastRefused = Locked<Data?>(nil)
        return attempts.compactMap { attempt -> RemoteConfigTableError? in
            switch attempt {
            case .stored:
                lastRefused.withLock { $0 = nil }
                return nil
            case .failed(let error, let refused):
                guard let refused else { return error }
                let repeated = lastRefused.withLock { last in
                    defer { last = refused }
                    return last == refused
                }
                return repeated ? nil : error
            }
        }
    }

    /// One store of the active value of `key`: one element, `.stored` or the failure.
    private func attemptStore(_ key: String) -> Observable<StoreAttempt> {
        guard let table = tables[key] else {
            preconditionFailure("no table is kept in step with the remote-config key '\(key)'")
        }
        let remoteConfig = remoteConfig
        let database = database
        return Observable.deferred {
            let value = remoteConfig[key]
            let write: @Sendable (any WriteTransaction) throws -> Void
            do {
                write = try table.prepareStore(value)
            } catch {
                return .just(.failed(.invalidValue(key: key, error), refusedValue: value.dataValue))
            }
            return database.asyncWrite { try write($0) }
                .map { _ in StoreAttempt.stored }
                .catch { .just(.failed(.storeFailed($0), refusedValue: nil)) }
        }
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

/// How one store went; a refused value comes with its bytes, to report it once.
private enum StoreAttempt {
    case stored
    case failed(RemoteConfigTableError, refusedValue: Data?)
}
