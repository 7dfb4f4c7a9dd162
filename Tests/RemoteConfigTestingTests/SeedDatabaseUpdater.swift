import Foundation
import Reactive
import RemoteConfigInterface

// The tutorial's `DatabaseUpdater`, `FetchLimiter` and a stand-in for its Core Data context, ported as
// closely as Swift 6 allows, so that the mock is tested exactly as the tutorial's `testSync` uses it.

enum AppError: Error, LocalizedError {
    case unknown

    var errorDescription: String? { "Unknown error" }
}

struct SellerContact: Codable, Equatable {
    let address: String?
    let order: Int16
    let phone: String?
}

/// Whether a sync runs; the tutorial guards it with a serial queue, here a lock.
final class FetchLimiter: Sendable {
    private let flag = Locked(false)

    var fetchInProcess: Bool {
        get { flag.withLock { $0 } }
        set { flag.withLock { $0 = newValue } }
    }
}

/// The database: the stored contacts and how many times it saved (the tutorial's did-save notification).
final class ContactStore: Sendable {
    private let state = Locked<(contacts: [SellerContact], saves: Int)>(([], 0))

    var contacts: [SellerContact] { state.withLock { $0.contacts } }
    var saveCount: Int { state.withLock { $0.saves } }

    func replaceAll(with contacts: [SellerContact]) {
        state.withLock {
            $0.contacts = contacts.sorted { $0.order < $1.order }
            $0.saves += 1
        }
    }
}

final class DatabaseUpdater: Sendable {
    private let remoteConfig: any RemoteConfigProtocol
    private let store: ContactStore
    let fetchLimiter: FetchLimiter

    init(remoteConfig: any RemoteConfigProtocol, store: ContactStore, fetchLimiter: FetchLimiter) {
        self.remoteConfig = remoteConfig
        self.store = store
        self.fetchLimiter = fetchLimiter
    }

    func sync<T>() -> Observable<Event<T>> {
        // 1. Check can fetch
        if fetchLimiter.fetchInProcess {
            return Observable.empty()
        }
        // 2. Block fetch for other requests
        fetchLimiter.fetchInProcess = true
        // 3. Fetch & activate remote config
        return remoteConfig.rx.fetchAndActivate().flatMap { [weak self] status, error -> Observable<Event<T>> in
            var result = Observable<Event<T>>.empty()
            switch status {
            case .error:
                result = Observable.just(Event.error(error ?? AppError.unknown))
            case .successFetchedFromRemote:
                try self?.update()
            case .successUsingPreFetchedData:
                break
            }
            // 7. Unblock fetch for other requests
            self?.fetchLimiter.fetchInProcess = false
            return result
        }
    }

    private func update() throws {
        let contacts = try JSONDecoder().decode([SellerContact].self, from: remoteConfig["seller_contacts"].dataValue)
        store.replaceAll(with: contacts)
    }
}
