import Foundation

/// A failure while running a command (network, database, a value that does not decode): exit 1.
struct RuntimeFailure: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }

    /// The sentence a user reads for `error`, prefixed with what was being done.
    init(_ doing: String, _ error: any Error) {
        let reason = (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
        message = "\(doing): \(reason)"
    }
}
