import FileSystem
import Foundation

/// Apple's signing keys, kept in memory and on disk, fetched again when a token names a key that
/// is not there — at most once per `minimumRefetchInterval`, since an unknown `kid` is what any
/// garbage token carries, and Apple rotates keys rarely. A key is "unknown" only when a fetch made
/// for the lookup lacks it; without such a fetch nothing can be said yet.
///
/// Keys fetched longer than `maximumAge` ago are not used: they are fetched again first, and until
/// a fetch succeeds nothing can be said. A key Apple withdrew (compromised, say) must not go on
/// verifying from a cache that a client offline, or never shown an unknown `kid`, keeps forever.
actor KeySetCache {
    /// What a lookup found.
    enum Lookup: Equatable {
        /// The key.
        case found(JSONWebKey)
        /// The key set fetched for this lookup does not have it: the key is not Apple's.
        case unknown
        /// The key is not cached and no key set could be fetched for this lookup (offline, an error,
        /// or the last fetch was less than the refetch interval ago): nothing can be said now.
        case unavailable
    }

    private let url: URL
    private let fetch: KeySetFetch
    private let diskFile: URL
    private let minimumRefetchInterval: TimeInterval
    private let maximumAge: TimeInterval
    private let now: @Sendable () -> Date
    private let log: Log
    private let writeHook: AtomicFile.WriteHook?

    /// nil until the disk copy has been read.
    private var keys: [String: JSONWebKey]?
    /// When `keys` were fetched; nil when not known (nothing cached, or an undated copy).
    private var fetchedAt: Date?
    private var lastFetchStartedAt: Date?
    private var fetchInFlight: Task<Bool, Never>?

    init(
        url: URL, fetch: @escaping KeySetFetch, diskFile: URL, minimumRefetchInterval: TimeInterval,
        maximumAge: TimeInterval, now: @escaping @Sendable () -> Date, log: Log, writeHook: AtomicFile.WriteHook? = nil
    ) {
        self.url = url
        self.fetch = fetch
        self.diskFile = diskFile
        self.minimumRefetchInterval = minimumRefetchInterval
        self.maximumAge = maximumAge
        self.now = now
        self.log = log
        self.writeHook = writeHook
    }

    /// The key with id `id`, fetching the set again if it is missing or too old and the last fetch
    /// is old enough.
    func key(id: String) async -> Lookup {
        let cached = cachedKeys()  // loads the disk copy, and with it `fetchedAt`, on first use
        if isFresh, let key = cached[id] { return .found(key) }
        let succeeded: Bool
        if let fetchInFlight {
            // Tokens that arrive together share one fetch.
            succeeded = await fetchInFlight.value
        } else if let lastFetchStartedAt, now().timeIntervalSince(lastFetchStartedAt) < minimumRefetchInterval {
            // Not "unknown": Apple may have published the key since, so only a fetch can tell.
            succeeded = false
        } else {
            let fetching = Task { await self.refetch() }
            fetchInFlight = fetching
            succeeded = await fetching.value
            fetchInFlight = nil
        }
        guard isFresh else { return .unavailable }
        if let key = keys?[id] { return .found(key) }
        return succeeded ? .unknown : .unavailable
    }

    /// Whether the cached keys were fetched less than `maximumAge` ago.
    private var isFresh: Bool {
        guard let fetchedAt else { return false }
        return now().timeIntervalSince(fetchedAt) < maximumAge
    }

    private func cachedKeys() -> [String: JSONWebKey] {
        if let keys { return keys }
        var loaded: [String: JSONWebKey] = [:]
        do {
            if let bytes = try AtomicFile.contents(of: diskFile) {
                if let cached = CachedKeySet(bytes) {
                    loaded = cached.keys
                    fetchedAt = cached.fetchedAt
                } else {
                    log("auth: ignoring the cached key set at \(diskFile.path): it is not a key set")
                }
            }
        } catch {
            log("auth: could not read the cached key set: \(error)")
        }
        keys = loaded
        return loaded
    }

    private func refetch() async -> Bool {
        let startedAt = now()
        let succeeded: Bool
        do {
            let bytes = try await fetch(url)
            guard let set = JSONWebKeySet(bytes) else {
                throw KeySetDocumentError()
            }
            // The new set replaces the old one: a key Apple withdrew must stop verifying.
            keys = set.keys
            fetchedAt = startedAt
            log("auth: fetched \(set.keys.count) signing keys from \(url.absoluteString)")
            store(bytes, fetchedAt: startedAt)
            succeeded = true
        } catch {
            log("auth: could not fetch the signing keys from \(url.absoluteString): \(error)")
            succeeded = false
        }
        lastFetchStartedAt = startedAt
        return succeeded
    }

    private func store(_ bytes: [UInt8], fetchedAt: Date) {
        do {
            guard let file = CachedKeySet.encode(keySetBytes: bytes, fetchedAt: fetchedAt) else { throw KeySetDocumentError() }
            try Directories.createPrivate(diskFile.deletingLastPathComponent())
            try AtomicFile.replace(diskFile, with: file, hook: writeHook)
        } catch {
            // Verification goes on from memory; only a restart while offline misses the copy.
            log("auth: could not cache the signing keys on disk: \(error)")
        }
    }
}

/// A key set download that is not a JSON Web Key Set.
struct KeySetDocumentError: Error, CustomStringConvertible {
    var description: String { "the document is not a JSON Web Key Set" }
}
