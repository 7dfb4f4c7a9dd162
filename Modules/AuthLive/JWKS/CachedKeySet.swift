import Foundation

/// The key cache file: the key set as Apple served it and when it was fetched, so that a copy
/// older than the maximum age is not trusted after a restart either.
///
/// `{"fetchedAt": <seconds since 1970>, "keySet": {"keys": [...]}}`. A file that is only a key set
/// (an older cache) has no date: it reads as too old.
struct CachedKeySet {
    let keys: [String: JSONWebKey]
    /// nil when the file does not say.
    let fetchedAt: Date?

    /// The cache in `bytes`, or nil when they hold no key set.
    init?(_ bytes: [UInt8]) {
        // Read by the same strict parser as the fetched set, so that the copy on disk cannot say
        // what the fetch would have refused.
        guard let document = JSONValue.object(from: bytes) else { return nil }
        if case .object(let keySet)? = document["keySet"], case .number(let fetchedAt)? = document["fetchedAt"],
            let set = JSONWebKeySet(document: keySet)
        {
            keys = set.keys
            self.fetchedAt = Date(timeIntervalSince1970: fetchedAt)
        } else if let set = JSONWebKeySet(document: document) {
            keys = set.keys
            fetchedAt = nil
        } else {
            return nil
        }
    }

    /// The file's bytes for the key set `keySetBytes` (as served) fetched at `fetchedAt`.
    static func encode(keySetBytes: [UInt8], fetchedAt: Date) -> [UInt8]? {
        guard let keySet = try? JSONSerialization.jsonObject(with: Data(keySetBytes)),
            let data = try? JSONSerialization.data(
                withJSONObject: ["fetchedAt": fetchedAt.timeIntervalSince1970, "keySet": keySet], options: [.sortedKeys])
        else { return nil }
        return Array(data)
    }
}
