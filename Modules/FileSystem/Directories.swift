import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Directories made with their missing parents, failing with a `FileSystemError` that names the
/// component in the way rather than Foundation's error dump.
public enum Directories {
    /// Creates the directory at `path` and its missing parents with `mode` (less the umask); an
    /// existing directory is fine. A relative path is taken from the current directory.
    public static func create(_ path: String, mode: mode_t = 0o755) throws(FileSystemError) {
        let absolute = Paths.absolute(path)
        var prefix = ""
        var status = stat()
        for component in absolute.split(separator: "/") {
            prefix += "/" + component
            // Only missing components are made: mkdir on an existing one may fail for want of permission.
            if stat(prefix, &status) == 0 {
                guard status.st_mode & S_IFMT == S_IFDIR else {
                    throw FileSystemError(.createDirectory, path: absolute, .fileInTheWay(at: prefix))
                }
                continue
            }
            guard errno == ENOENT else { throw .system(.createDirectory, path: absolute) }
            if mkdir(prefix, mode) != 0 {
                let code = errno
                // Another process may have made it meanwhile; anything else there is in the way.
                guard code == EEXIST, stat(prefix, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                    throw code == EEXIST
                        ? FileSystemError(.createDirectory, path: absolute, .fileInTheWay(at: prefix))
                        : .system(.createDirectory, path: absolute, errno: code)
                }
            }
        }
    }

    /// Creates `directory` and missing parents with mode 0700, for files only their owner may read;
    /// an existing directory of ours is narrowed to 0700. Refuses a final component that is a
    /// symbolic link, not a directory, or owned by another user.
    public static func createPrivate(_ directory: URL) throws(FileSystemError) {
        let path = Paths.absolute(directory.standardizedFileURL.path)
        try create(path, mode: 0o700)
        var status = stat()
        guard lstat(path, &status) == 0 else { throw .system(.createDirectory, path: path) }
        if status.st_mode & S_IFMT == S_IFLNK { throw FileSystemError(.createDirectory, path: path, .symbolicLink) }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw FileSystemError(.createDirectory, path: path, .fileInTheWay(at: path)) }
        guard status.st_uid == geteuid() else { throw FileSystemError(.createDirectory, path: path, .ownedByAnotherUser) }
        // A directory someone else made readable, or created under a permissive umask, is narrowed.
        if status.st_mode & 0o777 != 0o700, chmod(path, 0o700) != 0 {
            throw .system(.createDirectory, path: path)
        }
    }

    /// Flushes `directory`'s entries (a rename or an unlink in it) to the disk.
    public static func sync(_ directory: URL) {
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        // Best effort: the entry is in place either way; this only shortens the window a crash could undo it.
        _ = fsync(descriptor)
        close(descriptor)
    }
}
