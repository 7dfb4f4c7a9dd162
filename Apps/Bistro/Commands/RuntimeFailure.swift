import Foundation

/// A failure while running a command (network, database, a value that does not decode): exit 1.
struct RuntimeFailure: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }

    /// The sentence a user reads for `error`, prefixed with what was being done.
    init(_ doing: String, _ error: any Error) {
        message = "\(doing): \(Self.reason(error))"
    }

    /// The error in words: its own sentence, never the dump `String(describing:)` makes of an
    /// `NSError` ("Error Domain=NSCocoaErrorDomain Code=4 ...").
    private static func reason(_ error: any Error) -> String {
        if let sentence = (error as? any LocalizedError)?.errorDescription { return sentence }
        if error is CocoaError || error is POSIXError || type(of: error) == NSError.self {
            return (error as NSError).localizedDescription
        }
        return String(describing: error)
    }
}
