/// One activation that changed active values (Firebase's `RemoteConfigUpdate`).
public struct RemoteConfigUpdate: Sendable, Hashable {
    /// The keys whose active value was added, changed or removed.
    public let updatedKeys: Set<String>

    /// An update of `updatedKeys`.
    public init(updatedKeys: Set<String>) {
        self.updatedKeys = updatedKeys
    }
}

extension RemoteConfigUpdate {
    /// The keys added, removed or changed between two sets of active remote entries (empty when equal).
    public init(changesFrom old: [String: String], to new: [String: String]) {
        var keys = Set<String>()
        for (key, value) in new where old[key] != value { keys.insert(key) }
        for key in old.keys where new[key] == nil { keys.insert(key) }
        self.init(updatedKeys: keys)
    }
}
