import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file-system operation that failed: what was being done, to which path, and what is wrong with
/// it, said in one sentence (`description`) that names the path and never quotes an `NSError`.
public struct FileSystemError: Error, Sendable, Hashable {
    /// What was being done.
    public enum Operation: Sendable, Hashable {
        /// Creating a directory (and its missing parents).
        case createDirectory
        /// Reading a file.
        case read
        /// Writing or replacing a file.
        case write
        /// Deleting a file.
        case delete
        /// Opening a file (a database, say) to read and write it.
        case open
    }

    /// What is wrong with the path.
    public enum Problem: Sendable, Hashable {
        /// A system call failed with this `errno`.
        case system(errno: Int32)
        /// A file (not a directory) stands at `path`, where a directory is needed.
        case fileInTheWay(at: String)
        /// The path is a symbolic link, which is not followed for files that must be private.
        case symbolicLink
        /// The directory belongs to another user.
        case ownedByAnotherUser
        /// The file is larger than `limit` bytes.
        case tooLarge(limit: Int)
    }

    /// What was being done.
    public let operation: Operation
    /// The path it was done to.
    public let path: String
    /// What is wrong.
    public let problem: Problem

    /// An error of `operation` on `path`.
    public init(_ operation: Operation, path: String, _ problem: Problem) {
        self.operation = operation
        self.path = path
        self.problem = problem
    }

    /// An error of `operation` on `path` for the current `errno`.
    public static func system(_ operation: Operation, path: String, errno code: Int32 = errno) -> FileSystemError {
        FileSystemError(operation, path: path, .system(errno: code))
    }

    /// The `errno` behind the failure, when a system call reported it.
    public var systemErrorCode: Int32? {
        if case .system(let code) = problem { return code }
        return nil
    }
}

extension FileSystemError: CustomStringConvertible, LocalizedError {
    /// One sentence: "cannot create the directory /x/a-file: a file is in the way".
    public var description: String {
        "cannot \(verb) \(Self.shown(path)): \(reason)"
    }

    /// The same sentence, for `localizedDescription`.
    public var errorDescription: String? { description }

    private var verb: String {
        switch operation {
        case .createDirectory: "create the directory"
        case .read: "read"
        case .write: "write"
        case .delete: "delete"
        case .open: "open"
        }
    }

    /// What is wrong with the path, in words: "a file is in the way", "permission denied".
    public var reason: String {
        switch problem {
        case .fileInTheWay(let obstacle):
            obstacle == path ? "a file is in the way" : "\(Self.shown(obstacle)) is a file, in the way"
        case .symbolicLink: "it is a symbolic link"
        case .ownedByAnotherUser: "it belongs to another user"
        case .tooLarge(let limit): "it is larger than \(limit) bytes"
        case .system(let code): Self.reason(errno: code, operation: operation)
        }
    }

    /// Words for the `errno` values a user can act on; the C library's own words for the rest.
    private static func reason(errno code: Int32, operation: Operation) -> String {
        switch code {
        case EEXIST, ENOTDIR: operation == .createDirectory ? "a file is in the way" : "a part of the path is a file, not a directory"
        case EACCES, EPERM: "permission denied"
        case ENAMETOOLONG: "the path is too long"
        case ENOENT: "no such file or directory"
        case EROFS: "the file system is read-only"
        case ENOSPC, EDQUOT: "no space is left on the device"
        case EISDIR: "it is a directory"
        case ELOOP: "it is a symbolic link"
        case EIO: "the device reported an input/output error"
        default: String(cString: strerror(code)).lowercased() + " (errno \(code))"
        }
    }

    /// A path as shown in a sentence: whole, unless it is too long to read (the middle goes).
    private static func shown(_ path: String) -> String {
        guard path.count > 160 else { return path }
        return String(path.prefix(60)) + "…" + String(path.suffix(60))
    }
}
