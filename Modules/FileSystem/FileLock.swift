import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An advisory lock beside a file, for a read-modify-write of it that other processes must not
/// interleave with (the file analogue of reading inside the write's transaction).
///
/// The lock is `flock(2)` on `.<name>.lock` in the file's directory (made 0600 on first use), held
/// for the duration of `body`. Readers need no lock: `AtomicFile` replaces files whole. The lock is
/// not reentrant: `body` must not take it again.
public enum FileLock {
    /// Runs `body` while holding the exclusive lock of `file`, waiting for another holder to finish.
    public static func withExclusiveLock<T>(of file: URL, _ body: () throws(FileSystemError) -> T) throws(FileSystemError) -> T {
        let lockFile = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).lock")
        let descriptor = open(lockFile.path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw .system(.write, path: lockFile.path) }
        defer { close(descriptor) }  // closing the descriptor releases the lock
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .system(.write, path: lockFile.path) }
        }
        return try body()
    }
}
