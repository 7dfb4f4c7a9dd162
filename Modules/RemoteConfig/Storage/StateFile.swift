import Foundation
import RemoteConfigInterface

/// The file that holds `StoredState`: a private JSON document whose format version and fetch
/// status are checked on every load, so that a file this code does not understand is reported,
/// never used or overwritten.
struct StateFile: Sendable {
    private let file: PrivateJSONFile<StoredState>

    /// The state file at `url`.
    ///
    /// A save waits for its bytes to reach the disk but not for the rename: a power loss right after
    /// one may bring back the state before it, whole — a template not fetched or not activated yet,
    /// which the next fetch brings again (the SDKs do not flush theirs at all). Every fetch and
    /// activation saves, so the second flush would be on the way of every published template.
    init(url: URL) {
        file = PrivateJSONFile(url: url, kind: "a stored remote config", syncsDirectory: false)
    }

    /// Where the document lives.
    var url: URL { file.url }

    /// The stored state, or `nil` when there is no file yet.
    func load() throws(RemoteConfigError) -> StoredState? {
        guard let state = try file.load() else { return nil }
        guard state.formatVersion == StoredState.currentFormatVersion else {
            throw .storageCorrupted(path: url.path, reason: "unsupported format version \(state.formatVersion)")
        }
        guard RemoteConfigFetchStatus(rawValue: state.lastFetchStatus) != nil else {
            throw .storageCorrupted(path: url.path, reason: "unknown fetch status \"\(state.lastFetchStatus)\"")
        }
        return state
    }

    /// Replaces the file with `state`.
    func save(_ state: StoredState) throws(RemoteConfigError) {
        try file.save(state)
    }
}
