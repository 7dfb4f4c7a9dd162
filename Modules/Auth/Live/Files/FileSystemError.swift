/// A failed system call on a file of the live client, with its `errno`.
struct FileSystemError: Error, CustomStringConvertible {
    /// The call, e.g. "rename".
    let operation: String
    /// The file it was about.
    let path: String
    /// The `errno` it set.
    let code: Int32

    var description: String { "\(operation) \(path): errno \(code)" }
}
