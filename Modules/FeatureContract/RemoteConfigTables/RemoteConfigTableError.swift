import Foundation
import RemoteConfigInterface

/// Why a table could not be brought in step with its key; the table keeps the last good data.
///
/// Each case keeps the error behind it, and its sentence is that error's: a screen shows the same
/// words the service used, and a feature tells the cases apart to word them its own way.
public enum RemoteConfigTableError: Error, Sendable {
    /// Fetching or activating remote config failed (`fetchAndActivate` ended with `.error`).
    case fetchFailed(any Error)
    /// Activating the template a real-time update brought failed.
    case activationFailed(any Error)
    /// Real-time updates stopped for good (Firebase's `realtimeDisabled`, say); syncs still work.
    case updatesStopped(any Error)
    /// The active value does not decode: the feature's own error says why.
    case invalidValue(key: String, any Error)
    /// The write failed.
    case storeFailed(any Error)

    /// The error behind this one.
    public var underlying: any Error {
        switch self {
        case .fetchFailed(let error), .activationFailed(let error), .updatesStopped(let error), .invalidValue(_, let error),
            .storeFailed(let error):
            error
        }
    }
}

extension RemoteConfigTableError: LocalizedError {
    /// The sentence of the error behind this one.
    public var errorDescription: String? { ErrorSentence.of(underlying) }
}
