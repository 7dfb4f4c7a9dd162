import RemoteConfigInterface

/// How a fetch ended.
enum FetchOutcome: Sendable, Equatable {
    /// The network was reached and the fetched template is now current (changed or not);
    /// `activation` is what making it active in the same write changed, when a waiter activates and
    /// it was not active yet (its keys may be none), else nil.
    case fetched(activation: RemoteConfigUpdate?)
    /// The network was not reached: the minimum interval had not passed, or there is no server.
    case usedCache
    /// The fetch failed; the fetched and active templates are as they were.
    case failed(RemoteConfigError)

    /// Whether the network was reached.
    var reachedServer: Bool {
        if case .fetched = self { return true }
        return false
    }

    /// What the fetch's own activation changed, if it made one.
    var activation: RemoteConfigUpdate? {
        if case .fetched(let activation) = self { return activation }
        return nil
    }
}
