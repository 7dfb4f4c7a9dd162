import CLibCrypto

/// An OpenSSL call that failed, with what OpenSSL's error queue said about it.
struct CryptoFailure: Error, CustomStringConvertible {
    /// The call that failed.
    let operation: String
    /// The queue's entries, oldest first.
    let details: [String]

    /// Takes the entries off this thread's error queue. The queue is thread-local: call this in the
    /// same synchronous stretch as the failed call, before any `await` can move the task to another
    /// thread.
    init(_ operation: String) {
        self.operation = operation
        var details: [String] = []
        var buffer = [CChar](repeating: 0, count: 256)
        while case let code = ERR_get_error(), code != 0 {
            ERR_error_string_n(code, &buffer, buffer.count)
            details.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.details = details
    }

    var description: String {
        details.isEmpty ? "\(operation) failed" : "\(operation) failed: \(details.joined(separator: "; "))"
    }
}
