#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A directory only its owner can enter (mode 0700), for the credential and the key cache.
enum PrivateDirectory {
    /// Creates `directory` and missing parents with mode 0700; an existing `directory` of ours is
    /// narrowed to 0700. Refuses a final component that is a symbolic link, not a directory, or
    /// owned by another user.
    static func prepare(_ directory: URL) throws(FileSystemError) {
        let path = directory.standardizedFileURL.path
        var prefix = ""
        var status = stat()
        for component in path.split(separator: "/") {
            prefix += "/" + component
            // Only missing components are made: mkdir on an existing one may fail for want of permission.
            guard stat(prefix, &status) != 0 else { continue }
            guard errno == ENOENT else { throw FileSystemError(operation: "stat", path: prefix, code: errno) }
            if mkdir(prefix, 0o700) != 0, errno != EEXIST {
                throw FileSystemError(operation: "mkdir", path: prefix, code: errno)
            }
        }
        guard lstat(path, &status) == 0 else { throw FileSystemError(operation: "lstat", path: path, code: errno) }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw FileSystemError(operation: "lstat", path: path, code: ENOTDIR) }
        guard status.st_uid == geteuid() else { throw FileSystemError(operation: "lstat", path: path, code: EPERM) }
        // A directory someone else made readable, or created under a permissive umask, is narrowed.
        if status.st_mode & 0o777 != 0o700, chmod(path, 0o700) != 0 {
            throw FileSystemError(operation: "chmod", path: path, code: errno)
        }
    }

    /// Flushes `directory`'s entries (a rename or an unlink in it) to the disk.
    static func sync(_ directory: URL) {
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        // Best effort: the entry is in place either way; this only shortens the window a crash could undo it.
        _ = fsync(descriptor)
        close(descriptor)
    }
}
