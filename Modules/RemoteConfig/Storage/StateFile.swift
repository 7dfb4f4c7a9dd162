import Foundation
import RemoteConfigInterface

/// The file that holds `StoredState`, replaced atomically on every save so that a crash mid-write
/// leaves the previous document, never half of the new one.
struct StateFile: Sendable {
    /// Where the document lives.
    let url: URL

    /// The stored state, or `nil` when there is no file yet; a file that cannot be read or understood
    /// is reported (and left alone) rather than replaced with an empty state.
    func load() throws(RemoteConfigError) -> StoredState? {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            if !FileManager.default.fileExists(atPath: url.path) { return nil }
            throw .storageCorrupted(path: url.path, reason: "the file cannot be read")
        }
        let state: StoredState
        do {
            state = try Self.decoder.decode(StoredState.self, from: data)
        } catch {
            throw .storageCorrupted(path: url.path, reason: "the file is not a stored remote config (\(error))")
        }
        guard state.formatVersion == StoredState.currentFormatVersion else {
            throw .storageCorrupted(path: url.path, reason: "unsupported format version \(state.formatVersion)")
        }
        guard RemoteConfigFetchStatus(rawValue: state.lastFetchStatus) != nil else {
            throw .storageCorrupted(path: url.path, reason: "unknown fetch status \"\(state.lastFetchStatus)\"")
        }
        return state
    }

    /// Writes `state` to a temporary file and renames it over the old one.
    func save(_ state: StoredState) throws(RemoteConfigError) {
        do {
            let data = try Self.encoder.encode(state)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true
            )
            try data.write(to: url, options: .atomic)
        } catch {
            throw .storageFailed(reason: "\(url.path): \(error.localizedDescription)")
        }
    }

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
