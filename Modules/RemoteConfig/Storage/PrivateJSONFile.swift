import FileSystem
import Foundation
import RemoteConfigInterface

/// A JSON document in a file only its owner can read (0600), replaced atomically on every save so
/// that a crash mid-write leaves the previous document, never half of the new one, and a reader in
/// this process or another never sees half of one.
struct PrivateJSONFile<Document: Codable & Sendable>: Sendable {
    /// Where the document lives.
    let url: URL
    /// What the document is, for errors ("a stored remote config").
    let kind: String
    /// Whether a save returns only once the rename is on the disk: for a document that must not
    /// come back older after a power loss (an installation's id, which a server has been told).
    var syncsDirectory = true

    /// The document, or `nil` when there is no file yet; a file that cannot be read or understood
    /// is reported (and left alone) rather than replaced.
    func load() throws(RemoteConfigError) -> Document? {
        // One open: "no file" is told from "unreadable" by the call's own error, not by looking again,
        // when another process may be renaming a new file into place meanwhile.
        let bytes: [UInt8]
        do {
            guard let read = try AtomicFile.contents(of: url, limit: Self.maximumSize, followsSymbolicLinks: true) else { return nil }
            bytes = read
        } catch {
            throw .storageCorrupted(path: url.path, reason: error.description)
        }
        do {
            return try Self.decoder.decode(Document.self, from: Data(bytes))
        } catch {
            throw .storageCorrupted(path: url.path, reason: "the file is not \(kind)")
        }
    }

    /// Writes `document` to a temporary file (mode 0600), flushed to the disk, and renames it over
    /// the old one (see `syncsDirectory`).
    func save(_ document: Document) throws(RemoteConfigError) {
        let data: Data
        do {
            data = try Self.encoder.encode(document)
        } catch {
            throw .storageFailed(reason: "\(url.path): the document cannot be encoded")
        }
        do {
            try Directories.create(url.deletingLastPathComponent().path)
            try AtomicFile.replace(url, with: Array(data), mode: 0o600, syncsDirectory: syncsDirectory)
        } catch {
            throw .storageFailed(reason: error.description)
        }
    }

    /// Larger than any document this client writes (its answers are capped at 1 MiB by default; the
    /// remote config file holds a fetched and an active template).
    static var maximumSize: Int { 64 << 20 }

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
