import ContactsInterface
import Foundation
import PersistenceInterface
import Reactive
import RemoteConfigInterface

/// Keeps the stored seller contacts equal to remote config's `seller_contacts`.
// Named as in the Contacts tutorial, whose tests build `DatabaseUpdaterImpl(...)`; every other
// implementation over live services is called `Live…`.
public final class DatabaseUpdaterImpl: DatabaseUpdater {
    /// The remote-config key holding the contacts: a JSON array of `{address, order, phone}`.
    public static let sellerContactsKey = "seller_contacts"

    private let remoteConfig: any RemoteConfigProtocol
    private let decoder: any JSONDecoding
    private let database: any Database
    private let fetchLimiter: FetchLimiter
    private let storesActiveContactsAfterEveryFetch: Bool

    /// An updater that fetches from `remoteConfig` and writes to `database`, one sync at a time per
    /// `fetchLimiter` (the tutorial's initialiser).
    ///
    /// With `storesActiveContactsAfterEveryFetch`, every successful fetch stores the active
    /// contacts when they differ from the stored ones — also contacts that another feature's fetch,
    /// or an earlier run, activated, and on a first launch the in-app defaults — comparing inside
    /// the write. Without it (the tutorial's rule, which its tests pin) only a fetch that brought new
    /// values writes, and `successUsingPreFetchedData` does not even read the value.
    public init(
        remoteConfig: any RemoteConfigProtocol, decoder: any JSONDecoding = JSONDecoder(), database: any Database,
        fetchLimiter: FetchLimiter, storesActiveContactsAfterEveryFetch: Bool = false
    ) {
        self.remoteConfig = remoteConfig
        self.decoder = decoder
        self.database = database
        self.fetchLimiter = fetchLimiter
        self.storesActiveContactsAfterEveryFetch = storesActiveContactsAfterEveryFetch
    }

    /// When subscribed: fetches and activates, stores the contacts if they changed remotely (or, with
    /// `storesActiveContactsAfterEveryFetch`, if the active ones differ from the stored ones), and
    /// emits only an `.error` element on failure.
    ///
    /// Generic over a `T` it never emits: the tutorial's signature, which lets its events merge into
    /// the repository's `Event<[SellerContacts]>` stream (the tutorial's tests call it so).
    public func sync<T>() -> Observable<Event<T>> {
        // Deferred so that the flag is taken by a subscription, not by building the stream: a
        // stream built and never subscribed (or built twice for one subscription) must not block syncs.
        Observable.deferred { [self] in
            // 1, 2. Check can fetch, and block fetch for other requests, in one step.
            guard let fetch = fetchLimiter.startFetch() else {
                return Observable<Event<T>>.empty()
            }
            // 3. Fetch & activate remote config.
            return remoteConfig.rx.fetchAndActivate()
                .flatMap { [self] status, error -> Observable<Event<T>> in
                    switch status {
                    case .error:
                        return Observable.just(Event.error(error ?? AppError.unknown))
                    case .successFetchedFromRemote:
                        return update()
                    case .successUsingPreFetchedData:
                        // The tutorial: the active values did not change, so neither did the stored contacts.
                        // The app: another fetch may have activated contacts that were never stored.
                        return storesActiveContactsAfterEveryFetch ? update() : Observable.empty()
                    }
                }
                // 4. Unblock fetch for other requests, however the sync ends: before its end is
                // delivered (whoever sees the end sees the flag cleared), or when it is disposed
                // before remote config answered (the answer would never come through).
                .do(
                    onError: { [fetchLimiter] _ in fetchLimiter.endFetch(fetch) },
                    onCompleted: { [fetchLimiter] in fetchLimiter.endFetch(fetch) },
                    onDispose: { [fetchLimiter] in fetchLimiter.endFetch(fetch) }
                )
        }
    }

    /// While subscribed, activates the fetched template after every real-time update that names
    /// `seller_contacts` (Firebase's listener pattern: the update only says what was fetched) and
    /// stores the active contacts; a failed activation, a value that does not decode, a failed
    /// write, or real-time updates ending with an error become `.error` elements, and the stored
    /// contacts stay as they were.
    public func followUpdates<T>() -> Observable<Event<T>> {
        remoteConfig.realtimeUpdates
            .filter { $0.updatedKeys.contains(Self.sellerContactsKey) }
            // One activation and store after another, in the order of the updates.
            .concatMap { [self] _ -> Observable<Event<T>> in
                remoteConfig.rx.activate().flatMap { [self] _, error -> Observable<Event<T>> in
                    if let error { return Observable.just(Event.error(error)) }
                    return update(onlyIfChanged: true)
                }
            }
            .catch { Observable.just(Event.error($0)) }
    }

    /// Replaces the stored contacts with the remote ones in one background transaction; a value
    /// that does not decode, or a failed write, becomes an `.error` element and changes nothing.
    private func update<T>() -> Observable<Event<T>> {
        update(onlyIfChanged: storesActiveContactsAfterEveryFetch)
    }

    /// `update()`, writing only when the contacts differ from the stored ones if `onlyIfChanged`.
    private func update<T>(onlyIfChanged: Bool) -> Observable<Event<T>> {
        let contacts: [SellerContacts]
        do {
            contacts = try SellerContactsDecoding.decode(remoteConfig[Self.sellerContactsKey].dataValue, with: decoder)
        } catch {
            return Observable.just(Event.error(error))
        }
        return database.asyncWrite { db in
            try SellerContactsRecord.store(contacts, in: db, onlyIfChanged: onlyIfChanged)
        }
        .flatMap { _ in Observable<Event<T>>.empty() }
        .catch { Observable.just(Event.error($0)) }
    }
}
