import Foundation
import MenuInterface
import PersistenceInterface
import Reactive
import RemoteConfigInterface

/// The catalog from remote config, through the database (the single source of truth, as in Contacts).
///
/// `fetchMenu()` observes the stored catalog and, at the same time, refreshes it: fetch and activate
/// the remote config, check its `menu` value, and write it in one transaction on the database's
/// writer queue. What reaches the screen is always what the database holds; the refresh shows up
/// only through the observation, or as an error element.
public final class LiveMenuService: MenuService {
    private let remoteConfig: any RemoteConfigProtocol
    private let database: any Database

    /// A service reading `remoteConfig` into `database` (opened with `MenuMigrations.all`).
    public init(remoteConfig: any RemoteConfigProtocol, database: any Database) {
        self.remoteConfig = remoteConfig
        self.database = database
    }

    /// The stored catalog, now and after every change, merged with the failures of one refresh and
    /// of following the templates published later.
    public func fetchMenu() -> Observable<Event<[MenuItem]>> {
        Observable.merge(storedMenus(), refresh(), followUpdates())
    }

    /// The catalog table, observed; a storage failure becomes an error element.
    private func storedMenus() -> Observable<Event<[MenuItem]>> {
        database.observe(MenuItemRecord.catalog, removeDuplicates: true)
            .map { records in records.map(\.menu) }
            .materialize()
            .compactMap { event -> Event<[MenuItem]>? in
                switch event {
                case .next(let menus): .next(menus)
                case .error(let error): .error(MenuError.storage(reason: "\(error)"))
                case .completed: nil
                }
            }
    }

    /// Fetches and activates, then stores the `menu` value when it is valid and differs from the
    /// stored catalog; emits only failures, as error elements.
    private func refresh() -> Observable<Event<[MenuItem]>> {
        // A completable emits no element: only its failure becomes one.
        refreshCatalog().andThen(Observable<Event<[MenuItem]>>.empty()).catch { .just(.error($0)) }
    }

    /// While subscribed, activates the fetched template after every real-time update that names
    /// `menu` (Firebase's listener pattern: the update only says what was fetched) and stores the
    /// active catalog; emits only failures, as error elements: an activation that failed, a catalog
    /// that does not decode, a failed write, or real-time updates that ended.
    private func followUpdates() -> Observable<Event<[MenuItem]>> {
        let remoteConfig = remoteConfig
        let database = database
        return remoteConfig.realtimeUpdates
            .filter { $0.updatedKeys.contains(MenuCatalog.key) }
            .materialize()
            // One store after another, in the order of the activations; each failure is one element.
            .concatMap { event -> Observable<Event<[MenuItem]>> in
                switch event {
                case .next:
                    Self.activate(remoteConfig)
                        .andThen(Self.storeActiveCatalog(of: remoteConfig, in: database))
                        .andThen(Observable.empty()).catch { .just(.error($0)) }
                case .error(let error):
                    // Listening ended: said once; the stored catalog stays.
                    .just(
                        .error(
                            MenuError.catalogUnavailable(
                                reason: (error as? RemoteConfigError)?.errorDescription ?? "real-time updates stopped.")))
                case .completed: .empty()
                }
            }
    }

    /// Fetches and activates remote config, then stores its `menu` value when it is valid and
    /// differs from the stored catalog (compared inside the write); completes once stored or
    /// found unchanged, or fails with a `MenuError` and leaves the stored catalog as it was.
    // The value is read after either success, not only after `successFetchedFromRemote`: a catalog
    // activated on an earlier launch whose write failed, by another feature's fetch, or a database
    // reset, is then repaired. The write is skipped when nothing changed, so this costs a decode and a read.
    public func refreshCatalog() -> Completable {
        let remoteConfig = remoteConfig
        let database = database
        return remoteConfig.rx.fetchAndActivate().flatMap { status, error -> Observable<Never> in
            switch status {
            case .error:
                let reason = (error as? RemoteConfigError)?.errorDescription ?? "the remote config failed."
                return .error(MenuError.catalogUnavailable(reason: reason))
            case .successFetchedFromRemote, .successUsingPreFetchedData:
                return Self.storeActiveCatalog(of: remoteConfig, in: database).asObservable()
            }
        }
        .asCompletable()
    }

    /// Activates what `remoteConfig` last fetched; fails with a `MenuError` when the activation fails.
    private static func activate(_ remoteConfig: any RemoteConfigProtocol) -> Completable {
        remoteConfig.rx.activate().flatMap { _, error -> Observable<Never> in
            guard let error else { return .empty() }
            return .error(
                MenuError.catalogUnavailable(
                    reason: (error as? RemoteConfigError)?.errorDescription ?? "the remote config could not be activated."))
        }
        .asCompletable()
    }

    /// Stores the active `menu` value of `remoteConfig` in `database` when it is valid and differs
    /// from the stored catalog (compared inside the write); fails with a `MenuError` and leaves the
    /// stored catalog as it was.
    private static func storeActiveCatalog(of remoteConfig: any RemoteConfigProtocol, in database: any Database) -> Completable {
        Observable<Never>.deferred {
            let menus: [MenuItem]
            do {
                menus = try MenuCatalog.decode(remoteConfig.configValue(forKey: MenuCatalog.key))
            } catch {
                return .error(error)
            }
            return database.asyncWrite { try MenuItemRecord.replaceCatalog(with: menus, in: $0) }
                .flatMap { Observable<Never>.empty() }
                .catch { .error(MenuError.storage(reason: "\($0)")) }
        }
        .asCompletable()
    }
}
