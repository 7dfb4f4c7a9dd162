import Foundation
import RemoteConfigInterface

/// The file that holds `StoredState`: a private JSON document whose format version and fetch
/// status are checked on every load, so that a file this code does not understand is reported,
/// never used or overwritten.
struct StateFile: Sendable {
    private let file: PrivateJSONFile<StoredState>

    /// The state file at `url`.
    init(url: URL) {
        file = PrivateJSONFile(url: url, kind: "a stored remote config")
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
