import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small file replaced atomically and read whole: a reader sees the old content or the new,
/// never half of a write, even while other processes replace it.
///
/// Foundation is not used for the write: on Linux its atomic `Data.write` leaves an existing 0600
/// file at 0644, and `FileManager.createFile` writes the file at 0644 before any chmod. Here a
/// temporary file is created exclusively with the file's mode in the same directory, written,
/// synced and renamed over the target, so a crash leaves the old file or the new one and the
/// content is never readable by anyone the mode does not allow.
public enum AtomicFile {
    /// Called with the temporary file after its bytes are written and before the rename (tests
    /// check its mode there).
    public typealias WriteHook = @Sendable (_ temporaryFile: URL) -> Void

    /// Replaces `file` with `bytes`, the new file having exactly `mode`.
    ///
    /// The new bytes are on the disk before the rename, so after a crash or a power loss the file is
    /// the old one or the new one, whole. With `syncsDirectory` (the default) the rename itself is
    /// on the disk when this returns; without it, a power loss right after may bring back the old
    /// file — for a file that is only a cache of what a server says, and whose writer must not
    /// wait, as the Firebase SDKs write theirs.
    public static func replace(
        _ file: URL, with bytes: [UInt8], mode: mode_t = 0o600, syncsDirectory: Bool = true, hook: WriteHook? = nil
    ) throws(FileSystemError) {
        let directory = file.deletingLastPathComponent()
        let (temporary, descriptor) = try createTemporary(besides: file, mode: mode)
        var isOpen = true
        do throws(FileSystemError) {
            // The creation mode passes through the umask, which can only narrow it; make it exact.
            guard fchmod(descriptor, mode) == 0 else { throw .system(.write, path: file.path) }
            try writeAll(bytes, to: descriptor, path: file.path)
            hook?(temporary)
            guard flushToDisk(descriptor) else { throw .system(.write, path: file.path) }
            isOpen = false
            guard close(descriptor) == 0 else { throw .system(.write, path: file.path) }
            guard rename(temporary.path, file.path) == 0 else { throw .system(.write, path: file.path) }
        } catch {
            if isOpen { close(descriptor) }
            unlink(temporary.path)
            throw error
        }
        if syncsDirectory { Directories.sync(directory) }
    }

    /// The file's bytes, or nil when there is no file (nothing at the path, or a parent that is not
    /// a directory). Refuses anything over `limit` bytes, and a symbolic link unless `followsSymbolicLinks`.
    public static func contents(of file: URL, limit: Int = 1 << 20, followsSymbolicLinks: Bool = false) throws(FileSystemError) -> [UInt8]?
    {
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC | (followsSymbolicLinks ? 0 : O_NOFOLLOW))
        if descriptor < 0 {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            throw code == ELOOP && !followsSymbolicLinks
                ? FileSystemError(.read, path: file.path, .symbolicLink) : .system(.read, path: file.path, errno: code)
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(.read, path: file.path)
            }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
            guard bytes.count <= limit else { throw FileSystemError(.read, path: file.path, .tooLarge(limit: limit)) }
        }
    }

    /// Flushes the file's bytes to the disk itself. On Darwin `fsync` reaches only the drive's cache,
    /// which a power loss empties; `F_FULLFSYNC` asks the drive to write through (a file system that
    /// refuses it gets `fsync`).
    private static func flushToDisk(_ descriptor: Int32) -> Bool {
        #if canImport(Darwin)
            if fcntl(descriptor, F_FULLFSYNC) == 0 { return true }
        #endif
        return fsync(descriptor) == 0
    }

    /// Deletes `file`; no file is fine.
    public static func remove(_ file: URL) throws(FileSystemError) {
        guard unlink(file.path) == 0 || errno == ENOENT else { throw .system(.delete, path: file.path) }
        Directories.sync(file.deletingLastPathComponent())
    }

    private static func createTemporary(besides file: URL, mode: mode_t) throws(FileSystemError) -> (URL, Int32) {
        let directory = file.deletingLastPathComponent()
        for _ in 0..<8 {
            let name = ".\(file.lastPathComponent).\(String(UInt64.random(in: .min ... .max), radix: 36)).tmp"
            let temporary = directory.appendingPathComponent(name)
            let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if descriptor >= 0 { return (temporary, descriptor) }
            guard errno == EEXIST else { throw .system(.write, path: file.path) }
        }
        throw .system(.write, path: file.path, errno: EEXIST)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(FileSystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .system(.write, path: path)
            }
            offset += written
        }
    }
}
