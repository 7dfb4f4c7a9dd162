#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A file only its owner can read (mode 0600), replaced atomically.
///
/// Foundation cannot be used for the write: on Linux its atomic `Data.write` leaves an existing
/// 0600 file at 0644, and `FileManager.createFile` writes the file at 0644 before any chmod. Here
/// a temporary file is created exclusively at 0600, written, synced and renamed over the target, so
/// the content is never readable by others and a crash leaves the old file or the new one.
enum PrivateFile {
    /// Called with the temporary file after its bytes are written and before the rename (tests
    /// check its mode there).
    typealias WriteHook = @Sendable (_ temporaryFile: URL) -> Void

    /// Replaces `file` with `bytes`.
    static func replace(_ file: URL, with bytes: [UInt8], hook: WriteHook? = nil) throws(FileSystemError) {
        let directory = file.deletingLastPathComponent()
        let (temporary, descriptor) = try createTemporary(besides: file)
        var isOpen = true
        do throws(FileSystemError) {
            // The creation mode passes through the umask, which can only narrow it; make it exact.
            guard fchmod(descriptor, 0o600) == 0 else { throw FileSystemError(operation: "fchmod", path: temporary.path, code: errno) }
            try writeAll(bytes, to: descriptor, path: temporary.path)
            hook?(temporary)
            guard fsync(descriptor) == 0 else { throw FileSystemError(operation: "fsync", path: temporary.path, code: errno) }
            isOpen = false
            guard close(descriptor) == 0 else { throw FileSystemError(operation: "close", path: temporary.path, code: errno) }
            guard rename(temporary.path, file.path) == 0 else { throw FileSystemError(operation: "rename", path: file.path, code: errno) }
        } catch {
            if isOpen { close(descriptor) }
            unlink(temporary.path)
            throw error
        }
        PrivateDirectory.sync(directory)
    }

    /// The file's bytes, or nil when there is no file. Refuses a symbolic link and anything over `limit` bytes.
    static func contents(of file: URL, limit: Int = 1 << 20) throws(FileSystemError) -> [UInt8]? {
        let descriptor = open(file.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw FileSystemError(operation: "open", path: file.path, code: errno)
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(operation: "read", path: file.path, code: errno)
            }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
            guard bytes.count <= limit else { throw FileSystemError(operation: "read", path: file.path, code: EFBIG) }
        }
    }

    /// Deletes `file`; no file is fine.
    static func remove(_ file: URL) throws(FileSystemError) {
        guard unlink(file.path) == 0 || errno == ENOENT else {
            throw FileSystemError(operation: "unlink", path: file.path, code: errno)
        }
        PrivateDirectory.sync(file.deletingLastPathComponent())
    }

    private static func createTemporary(besides file: URL) throws(FileSystemError) -> (URL, Int32) {
        let directory = file.deletingLastPathComponent()
        for _ in 0..<8 {
            let name = ".\(file.lastPathComponent).\(String(UInt64.random(in: .min ... .max), radix: 36)).tmp"
            let temporary = directory.appendingPathComponent(name)
            let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor >= 0 { return (temporary, descriptor) }
            guard errno == EEXIST else { throw FileSystemError(operation: "open", path: temporary.path, code: errno) }
        }
        throw FileSystemError(operation: "open", path: directory.path, code: EEXIST)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(FileSystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(operation: "write", path: path, code: errno)
            }
            offset += written
        }
    }
}
