/// One activation that changed active values (Firebase's `RemoteConfigUpdate`).
public struct RemoteConfigUpdate: Sendable, Hashable {
    /// The keys whose active value was added, changed or removed.
    public let updatedKeys: Set<String>
    /// The version of the template that the activation made active, when the server numbered it.
    ///
    /// Not in Firebase's type, whose listeners cannot tell one template from the next; a log or a
    /// `bistro config watch` line names it.
    public let templateVersion: Int?

    /// An update of `updatedKeys`, from the template numbered `templateVersion` if known.
    public init(updatedKeys: Set<String>, templateVersion: Int? = nil) {
        self.updatedKeys = updatedKeys
        self.templateVersion = templateVersion
    }
}

extension RemoteConfigUpdate {
    /// The keys added, removed or changed between two sets of active remote entries (empty when
    /// equal), activated from the template numbered `templateVersion` if known.
    public init(changesFrom old: [String: String], to new: [String: String], templateVersion: Int? = nil) {
        var keys = Set<String>()
        for (key, value) in new where old[key] != value { keys.insert(key) }
        for key in old.keys where new[key] == nil { keys.insert(key) }
        self.init(updatedKeys: keys, templateVersion: templateVersion)
    }
}
