import Foundation

/// Receives the outcome of `fetchAndActivate`: the status, and the error when the status is `.error`.
public typealias RemoteConfigFetchAndActivateCompletion =
    @Sendable (RemoteConfigFetchAndActivateStatus, (any Error)?) -> Void

/// Receives the outcome of `fetch`: the status, and the error when it is `.failure` or `.throttled`.
public typealias RemoteConfigFetchCompletion = @Sendable (RemoteConfigFetchStatus, (any Error)?) -> Void

/// Receives the outcome of `activate`: whether any active value changed, or the error.
public typealias RemoteConfigActivateCompletion = @Sendable (Bool, (any Error)?) -> Void
