import Foundation

// The async forms are built once on the completion-handler requirements, so every implementation
// (live client, mock, fake) gets them with the same semantics.
extension RemoteConfigProtocol {
    /// Fetches (unless the minimum interval has not passed) and activates; throws the error of an `.error` status.
    public func fetchAndActivate() async throws -> RemoteConfigFetchAndActivateStatus {
        try await withCheckedThrowingContinuation { continuation in
            fetchAndActivate { status, error in
                if status == .error {
                    continuation.resume(throwing: error ?? RemoteConfigError.unknown)
                } else {
                    continuation.resume(returning: status)
                }
            }
        }
    }

    /// Fetches unless the last successful fetch is younger than `expirationDuration`; throws on failure.
    public func fetch(withExpirationDuration expirationDuration: TimeInterval) async throws -> RemoteConfigFetchStatus {
        try await withCheckedThrowingContinuation { continuation in
            fetch(withExpirationDuration: expirationDuration) { status, error in
                if status == .success {
                    continuation.resume(returning: status)
                } else {
                    continuation.resume(throwing: error ?? RemoteConfigError.unknown)
                }
            }
        }
    }

    /// Fetches unless the minimum fetch interval has not passed; throws on failure.
    public func fetch() async throws -> RemoteConfigFetchStatus {
        try await fetch(withExpirationDuration: configSettings.minimumFetchInterval)
    }

    /// Activates the last fetched values; returns whether any active value changed.
    @discardableResult
    public func activate() async throws -> Bool {
        try await withCheckedThrowingContinuation { continuation in
            activate { changed, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: changed)
                }
            }
        }
    }
}
