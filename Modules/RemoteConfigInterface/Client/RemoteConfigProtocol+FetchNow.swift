import Foundation

extension RemoteConfigProtocol {
    /// Fetches now, ignoring the minimum fetch interval (a back-off still holds), then activates:
    /// what an explicit refresh asks for, as Firebase's fetch with expiration 0 followed by
    /// activate. This composition cannot tell a fetch that reached the server from one answered
    /// from what is stored, so it reports `.successFetchedFromRemote` when the activation changed
    /// values; an implementation that can tell (the live client) reports it for every fetch that
    /// reached the server, as `fetchAndActivate` does.
    public func fetchNowAndActivate(completionHandler: RemoteConfigFetchAndActivateCompletion?) {
        fetchWithExpirationZeroThenActivate(completionHandler: completionHandler)
    }

    /// `fetchNowAndActivate` as this composition: for an implementation that has its own and, in
    /// some modes, wants this one (a fake answered by hand).
    package func fetchWithExpirationZeroThenActivate(completionHandler: RemoteConfigFetchAndActivateCompletion?) {
        fetch(withExpirationDuration: 0) { [self] status, error in
            guard status == .success else {
                completionHandler?(.error, error ?? RemoteConfigError.unknown)
                return
            }
            activate { changed, error in
                if let error {
                    completionHandler?(.error, error)
                } else {
                    completionHandler?(changed ? .successFetchedFromRemote : .successUsingPreFetchedData, nil)
                }
            }
        }
    }

    /// Fetches now, ignoring the minimum fetch interval, and activates; throws the error of an `.error` status.
    public func fetchNowAndActivate() async throws -> RemoteConfigFetchAndActivateStatus {
        try await withCheckedThrowingContinuation { continuation in
            fetchNowAndActivate { status, error in
                if status == .error {
                    continuation.resume(throwing: error ?? RemoteConfigError.unknown)
                } else {
                    continuation.resume(returning: status)
                }
            }
        }
    }
}
