import Foundation

/// Contacts' catch-all: a step failed without saying why (remote config reported `.error` without an error).
// The Contacts tutorial's name (its tests send `AppError.unknown`), kept although only Contacts
// uses it: other features and the app have typed errors of their own.
public enum AppError: Error, Equatable, Sendable {
    /// Something failed and nothing more is known.
    case unknown
}

extension AppError: LocalizedError {
    /// The message an alert shows.
    public var errorDescription: String? {
        switch self {
        case .unknown: "Something went wrong. Please try again later."
        }
    }
}
