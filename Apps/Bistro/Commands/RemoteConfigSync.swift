import Dispatch
import Foundation
import Reactive
import RemoteConfigInterface

/// The one fetch-and-activate of a run, done by the app so that a progress indicator and the error
/// live in one place; the features then see its outcome through `FetchedOnceRemoteConfig`.
enum RemoteConfigSync {
    /// What the fetch-and-activate reported.
    struct Outcome: Sendable {
        var status: RemoteConfigFetchAndActivateStatus
        var error: (any Error)?
    }

    /// Fetches and activates. `explicit` ignores the minimum fetch interval (not the back-off), as
    /// Firebase's zero expiration does: fetch with expiration 0, then activate.
    static func run(_ composition: Composition, explicit: Bool) -> Outcome {
        let remoteConfig = composition.remoteConfig
        let result = Locked(Outcome(status: .error, error: nil))
        let done = DispatchSemaphore(value: 0)
        Spinner.during("fetching remote config", enabled: composition.usesNetwork) {
            if explicit {
                remoteConfig.fetch(withExpirationDuration: 0) { status, error in
                    guard status == .success else {
                        result.withLock { $0 = Outcome(status: .error, error: error ?? FetchRefused(status: status)) }
                        done.signal()
                        return
                    }
                    remoteConfig.activate { changed, error in
                        result.withLock {
                            $0 = error.map { Outcome(status: .error, error: $0) }
                                ?? Outcome(status: changed ? .successFetchedFromRemote : .successUsingPreFetchedData)
                        }
                        done.signal()
                    }
                }
            } else {
                remoteConfig.fetchAndActivate { status, error in
                    result.withLock { $0 = Outcome(status: status, error: error) }
                    done.signal()
                }
            }
            done.wait()
        }
        return result.withLock { $0 }
    }

    /// A fetch that ended without an error value but did not succeed.
    struct FetchRefused: Error, LocalizedError {
        let status: RemoteConfigFetchStatus
        var errorDescription: String? { "the fetch ended with status \(status.rawValue)" }
    }
}
