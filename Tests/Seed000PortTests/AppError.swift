import Foundation

/// The tutorial's catch-all: a step failed without saying why (remote config reported `.error`
/// without an error).
enum AppError: Error, Equatable, Sendable {
    /// Something failed and nothing more is known.
    case unknown
}

extension AppError: LocalizedError {
    /// The message an alert shows.
    var errorDescription: String? {
        switch self {
        case .unknown: "Something went wrong. Please try again later."
        }
    }
}
