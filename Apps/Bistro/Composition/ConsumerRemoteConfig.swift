import Foundation
import Reactive
import RemoteConfigInterface

/// One feature's view of a remote config that several features share: a successful fetch-and-
/// activate reports `successFetchedFromRemote` when the active values of the feature's `keys`
/// changed since this feature last fetched (or it never did in this process), and
/// `successUsingPreFetchedData` otherwise.
///
/// The Contacts updater (seed 000) writes the database only on `successFetchedFromRemote`, which
/// assumes it is the only one fetching: when the Menu's fetch, or `bistro config fetch` in an
/// earlier run, activated new contacts, its own fetch would find nothing new and the stored
/// contacts would stay stale. Through this view each run's first sync stores the active contacts
/// (on a first launch with no server, the compiled-in ones), and later syncs store any change.
final class ConsumerRemoteConfig: RemoteConfigDecorator {
    let base: any RemoteConfigProtocol
    private let keys: [String]
    private let lastSeen = Locked<[String: Data]?>(nil)

    /// A view of `base` for a feature that reads `keys`.
    init(base: any RemoteConfigProtocol, keys: [String]) {
        self.base = base
        self.keys = keys
    }

    func fetchAndActivate(completionHandler: RemoteConfigFetchAndActivateCompletion?) {
        base.fetchAndActivate { [self] status, error in
            guard status != .error else {
                completionHandler?(status, error)
                return
            }
            let values = Dictionary(uniqueKeysWithValues: keys.map { ($0, base.configValue(forKey: $0).dataValue) })
            completionHandler?(noteSeen(values) ? .successFetchedFromRemote : .successUsingPreFetchedData, nil)
        }
    }

    /// Records `values` as seen; returns whether they differ from the ones seen before.
    private func noteSeen(_ values: [String: Data]) -> Bool {
        lastSeen.withLock { seen in
            defer { seen = values }
            return seen != values
        }
    }
}
