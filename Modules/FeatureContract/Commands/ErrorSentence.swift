import Foundation

/// The sentence a user reads for an error.
public enum ErrorSentence {
    /// The error's own sentence, never the dump `String(describing:)` makes of an `NSError`
    /// ("Error Domain=NSCocoaErrorDomain Code=4 ...").
    public static func of(_ error: any Error) -> String {
        if let failure = error as? CommandFailure { return failure.message }
        if let sentence = (error as? any LocalizedError)?.errorDescription { return sentence }
        if error is CocoaError || error is POSIXError || type(of: error) == NSError.self {
            return (error as NSError).localizedDescription
        }
        return String(describing: error)
    }
}
