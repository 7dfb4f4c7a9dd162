import AuthInterface
import FileSystem
import Foundation

/// The one credential of the device's signed-in user, in a 0600 file inside a 0700 directory.
/// An actor, so a revocation's read-modify-write never interleaves with a sign-in's write.
actor CredentialStore {
    private let file: URL
    private let log: Log
    private let writeHook: AtomicFile.WriteHook?

    init(file: URL, log: Log, writeHook: AtomicFile.WriteHook? = nil) {
        self.file = file
        self.log = log
        self.writeHook = writeHook
    }

    /// The stored credential; nil when there is none or it cannot be read (which is logged unless
    /// `quietly`: a watch that reads the file every half second would fill the log).
    func load(quietly: Bool = false) -> StoredCredential? {
        do {
            guard let bytes = try AtomicFile.contents(of: file) else { return nil }
            return try Self.decoder.decode(StoredCredential.self, from: Data(bytes))
        } catch let error as FileSystemError {
            if !quietly { log("auth: could not read the stored credential: \(error)") }
        } catch {
            // The decoding error is not logged: it may quote the file, and the file holds a token.
            if !quietly { log("auth: the stored credential at \(file.path) is unreadable; treating the user as signed out") }
        }
        return nil
    }

    /// Stores `credential`, replacing the one before.
    func save(_ credential: StoredCredential) throws(FileSystemError) {
        try Directories.createPrivate(file.deletingLastPathComponent())
        try FileLock.withExclusiveLock(of: file) { () throws(FileSystemError) in try write(credential) }
    }

    /// Deletes the stored credential.
    func delete() throws(FileSystemError) {
        guard FileManager.default.fileExists(atPath: file.deletingLastPathComponent().path) else { return }
        try FileLock.withExclusiveLock(of: file) { () throws(FileSystemError) in try AtomicFile.remove(file) }
    }

    /// Marks the stored credential of `userID` revoked at `date`; false when none is stored for that user.
    ///
    /// The credential is read and written under the file's lock: a sign-in by another process
    /// between the two would otherwise be overwritten by the old, revoked credential.
    func revoke(userID: String, at date: Date) throws(FileSystemError) -> Bool {
        try update(userID: userID) { credential in
            if credential.revokedAt == nil { credential.revokedAt = date }
        }
    }

    /// Changes the stored credential of `userID` with `change`, read and written under the file's
    /// lock; false when none is stored for that user.
    func update(userID: String, _ change: (inout StoredCredential) -> Void) throws(FileSystemError) -> Bool {
        try modify(userID: userID) { credential in change(&credential) } != nil
    }

    /// Changes the stored credential of `userID` with `change` and gives what it returned; nil when
    /// none is stored for that user.
    ///
    /// `change` sees the credential as it is under the file's lock, so whatever it decides from
    /// it holds when it is written: another process cannot slip a change in between.
    func modify<Outcome>(userID: String, _ change: (inout StoredCredential) -> Outcome) throws(FileSystemError) -> Outcome? {
        guard FileManager.default.fileExists(atPath: file.deletingLastPathComponent().path) else { return nil }
        return try FileLock.withExclusiveLock(of: file) { () throws(FileSystemError) -> Outcome? in
            guard var credential = load(), credential.userID == userID else { return nil }
            let before = credential
            let outcome = change(&credential)
            if credential != before { try write(credential) }
            return outcome
        }
    }

    /// Replaces the file with `credential`; the caller holds the lock.
    private func write(_ credential: StoredCredential) throws(FileSystemError) {
        let bytes: [UInt8]
        do {
            bytes = Array(try Self.encoder.encode(credential))
        } catch {
            // Encoding strings and dates does not fail; the error stands for "cannot happen".
            throw .system(.write, path: file.path, errno: EINVAL)
        }
        try AtomicFile.replace(file, with: bytes, hook: writeHook)
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }
}
