/// Where a value came from.
public enum RemoteConfigSource: String, Sendable, Hashable, CaseIterable {
    /// The active config, fetched from the server and activated.
    case remote
    /// The in-app defaults (`setDefaults`).
    case `default`
    /// Neither had the key: the value is empty.
    case `static`
}
