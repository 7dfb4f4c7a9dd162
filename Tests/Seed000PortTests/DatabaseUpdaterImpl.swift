import ContactsInterface
import Foundation
import PersistenceInterface
import Reactive
import RemoteConfigInterface

@testable import Contacts

/// The tutorial's updater: stores remote config's `seller_contacts` when a fetch brought new values.
///
/// Its rule, which the tutorial's `testSync` pins: one sync at a time (`FetchLimiter`); only
/// `.successFetchedFromRemote` reads, decodes and writes; `.successUsingPreFetchedData` does
/// nothing; `.error` emits an error element (`AppError.unknown` when remote config gave none).
final class DatabaseUpdaterImpl: DatabaseUpdater {
    /// The remote-config key holding the contacts: the app's own.
    static let sellerContactsKey = SellerContactRecord.key

    private let remoteConfig: any RemoteConfigProtocol
    private let decoder: any JSONDecoding
    private let database: any Database
    private let fetchLimiter: FetchLimiter

    /// An updater that fetches from `remoteConfig`, decodes with `decoder` and writes to `database`,
    /// one sync at a time per `fetchLimiter` (the tutorial's initialiser, with `database` for its Core
    /// Data `context`).
    init(
        remoteConfig: any RemoteConfigProtocol, decoder: any JSONDecoding = JSONDecoder(), database: any Database,
        fetchLimiter: FetchLimiter
    ) {
        self.remoteConfig = remoteConfig
        self.decoder = decoder
        self.database = database
        self.fetchLimiter = fetchLimiter
    }

    /// When subscribed: fetches and activates, stores the contacts if the fetch brought new values,
    /// and emits only an `.error` element on failure.
    func sync<T>() -> Observable<Event<T>> {
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
                    // 5. An error event.
                    case .error:
                        return Observable.just(Event.error(error ?? AppError.unknown))
                    // 6. Update the database from remote config.
                    case .successFetchedFromRemote:
                        return update()
                    case .successUsingPreFetchedData:
                        return Observable.empty()
                    }
                }
                // 7. Unblock fetch for other requests, however the sync ends: before its end is
                // delivered (whoever sees the end sees the flag cleared), or when it is disposed
                // before remote config answered (the answer would never come through).
                .do(
                    onError: { [fetchLimiter] _ in fetchLimiter.endFetch(fetch) },
                    onCompleted: { [fetchLimiter] in fetchLimiter.endFetch(fetch) },
                    onDispose: { [fetchLimiter] in fetchLimiter.endFetch(fetch) }
                )
        }
    }

    /// Replaces the stored contacts with the remote ones in one background transaction; a value
    /// that does not decode, or a failed write, becomes an `.error` element and changes nothing.
    private func update<T>() -> Observable<Event<T>> {
        let contacts: [SellerContacts]
        do {
            contacts = try decode(remoteConfig[Self.sellerContactsKey].dataValue)
        } catch {
            return Observable.just(Event.error(error))
        }
        return database.asyncWrite { try SellerContactRecord.replace(with: contacts, in: $0) }
            .flatMap { _ in Observable<Event<T>>.empty() }
            .catch { Observable.just(Event.error($0)) }
    }

    /// The contacts in `data`, read by the tutorial's `decoder`, refused as the app refuses them.
    ///
    /// A value the decoder refuses is reported with the app's `SellerContactsDecodingError`, whose
    /// decoding names the contact at fault; two contacts at one `order` are refused before the write,
    /// where the second insert would fail half-way through the transaction.
    private func decode(_ data: Data) throws -> [SellerContacts] {
        let contacts: [SellerContacts]
        do {
            contacts = try decoder.decode([SellerContacts].self, from: data)
        } catch let error as DecodingError {
            _ = try SellerContactsDecoding.decode(data)
            throw error  // the app's decoding took what this decoder refused: its own reason stands
        }
        var seen = Set<Int16>()
        for contact in contacts where !seen.insert(contact.order).inserted {
            throw SellerContactsDecodingError.duplicateOrder(contact.order)
        }
        return contacts
    }
}
