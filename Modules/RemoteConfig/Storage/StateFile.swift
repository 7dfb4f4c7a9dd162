import FileSystem
import Foundation
import RemoteConfigInterface

/// The file that holds `StoredState`, replaced atomically on every save so that a crash mid-write
/// leaves the previous document, never half of the new one, and a reader never sees half of one.
struct StateFile: Sendable {
    /// Where the document lives.
    let url: URL

    /// The stored state, or `nil` when there is no file yet; a file that cannot be read or understood
    /// is reported (and left alone) rather than replaced with an empty state.
    func load() throws(RemoteConfigError) -> StoredState? {
        // One open: "no file" is told from "unreadable" by the call's own error, not by looking again,
        // when another process may be renaming a new file into place meanwhile.
        let bytes: [UInt8]
        do {
            guard let read = try AtomicFile.contents(of: url, limit: Self.maximumSize, followsSymbolicLinks: true) else { return nil }
            bytes = read
        } catch {
            throw .storageCorrupted(path: url.path, reason: error.description)
        }
        let data = Data(bytes)
        let state: StoredState
        do {
            state = try Self.decoder.decode(StoredState.self, from: data)
        } catch {
            throw .storageCorrupted(path: url.path, reason: "the file is not a stored remote config")
        }
        guard state.formatVersion == StoredState.currentFormatVersion else {
            throw .storageCorrupted(path: url.path, reason: "unsupported format version \(state.formatVersion)")
        }
        guard RemoteConfigFetchStatus(rawValue: state.lastFetchStatus) != nil else {
            throw .storageCorrupted(path: url.path, reason: "unknown fetch status \"\(state.lastFetchStatus)\"")
        }
        return state
    }

    /// Writes `state` to a temporary file (mode 0600) and renames it over the old one, so that a
    /// reader, in this process or another, sees the previous document or this one.
    func save(_ state: StoredState) throws(RemoteConfigError) {
        let data: Data
        do {
            data = try Self.encoder.encode(state)
        } catch {
            throw .storageFailed(reason: "\(url.path): the state cannot be encoded")
        }
        do {
            try Directories.create(url.deletingLastPathComponent().path)
            try AtomicFile.replace(url, with: Array(data), mode: 0o600)
        } catch {
            throw .storageFailed(reason: error.description)
        }
    }

    /// Larger than any state this client writes (its answers are capped at 1 MiB by default; the
    /// file holds a fetched and an active template).
    static let maximumSize = 64 << 20

    // Sorted keys and plain seconds keep the file stable and readable by people and scripts.
    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }
}
