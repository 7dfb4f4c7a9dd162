import Foundation

/// Why a fetch, an activation or opening the stored config failed.
///
/// No case carries the API key or a URL with credentials, so an error can be logged as it is.
public enum RemoteConfigError: Error, Sendable, Hashable {
    /// A server-requested back-off (after 429 or 5xx) runs until the date; no network call was made.
    case throttled(until: Date)
    /// The fetch took longer than `fetchTimeout`.
    case timedOut
    /// The server could not be reached (refused, unreachable, name not resolved, TLS refused).
    case connectionFailed(reason: String)
    /// The server was reached but gave no readable answer: it closed the connection without
    /// answering, its answer broke off, or it is not HTTP (the reason says which).
    case answerUnreadable(reason: String)
    /// The server answered with an HTTP status other than 200 or 304, and with Google's error body
    /// when it sent one (`{"error": {"code", "message", "status"}}`).
    case httpStatus(Int, message: RemoteConfigServerMessage? = nil)
    /// Firebase Installations, which identifies the app to Remote Config, refused to register the
    /// installation or to give it a token: the HTTP status and Google's error body, when there is one.
    case installationsRefused(Int, message: RemoteConfigServerMessage? = nil)
    /// Firebase Installations refused this app (400 or 403, with Google's error body when there was
    /// one) less than a day ago: no request is sent until the date, as Firebase's SDKs wait, unless
    /// the API key or the app's identity changed.
    case installationsPaused(until: Date, status: Int, message: RemoteConfigServerMessage? = nil)
    /// The server's answer does not follow the fetch protocol.
    case malformedResponse(RemoteConfigMalformedResponse)
    /// The answer's body is larger than the limit, in bytes.
    case responseTooLarge(limit: Int)
    /// The stored config file exists but cannot be read; it is left untouched for inspection.
    case storageCorrupted(path: String, reason: String)
    /// The config file could not be written; the state in memory stayed as it was.
    case storageFailed(reason: String)
    /// The client's configuration cannot form a request (for example an unusable base URL).
    case invalidConfiguration(reason: String)
    /// The server turned real-time updates off for this app (`featureDisabled`); fetches still work.
    case realtimeDisabled
    /// The real-time stream announced the template version, and no fetch within Firebase's three
    /// tries brought it (Firebase's `CONFIG_UPDATE_NOT_FETCHED`); the values in use stay as they were.
    case updateNotFetched(templateVersion: Int)
    /// An implementation reported a failure without an error.
    case unknown
}

/// The way a fetch answer breaks the protocol.
public enum RemoteConfigMalformedResponse: Sendable, Hashable {
    /// The body is not JSON.
    case invalidJSON
    /// The body is JSON but not an object.
    case notAnObject
    /// The object's `state` is not a string (an answer with no `state` at all is an update, as
    /// Android's SDK reads it).
    case missingState
    /// `state` is none of UPDATE, NO_CHANGE, NO_TEMPLATE, EMPTY_CONFIG.
    case unknownState(String)
    /// `entries` is not an object.
    case invalidEntries
    /// The entry for the key is not a string.
    case nonStringValue(key: String)
}

extension RemoteConfigError: LocalizedError {
    /// A sentence for logs and alerts.
    public var errorDescription: String? {
        switch self {
        case .throttled(let until):
            "Remote config fetches are paused by a server back-off until \(until)."
        case .timedOut:
            "The remote config fetch timed out."
        case .connectionFailed(let reason):
            "The remote config server could not be reached: \(reason)"
        case .answerUnreadable(let reason):
            "The remote config server's answer could not be read: \(reason)."
        case .httpStatus(let status, nil):
            "The remote config server answered with HTTP status \(status)."
        case .httpStatus(let status, let message?):
            "Remote config refused the request: \(message) (HTTP \(status))."
        case .installationsRefused(let status, nil):
            "Firebase Installations answered with HTTP status \(status)."
        case .installationsRefused(let status, let message?):
            "Firebase Installations refused the request: \(message) (HTTP \(status))."
        case .installationsPaused(let until, let status, let message):
            "Firebase Installations refused this app"
                + (message.map { ": \($0) (HTTP \(status))" } ?? " with HTTP status \(status)")
                + "; it is not asked again before \(until), unless the API key or the app's identity changes."
        case .malformedResponse(let reason):
            "The remote config server's answer is malformed: \(reason)."
        case .responseTooLarge(let limit):
            "The remote config answer is larger than \(limit) bytes."
        case .storageCorrupted(let path, let reason):
            "The stored remote config at \(path) cannot be read: \(reason)"
        case .storageFailed(let reason):
            "The remote config could not be stored: \(reason)"
        case .invalidConfiguration(let reason):
            "The remote config client is misconfigured: \(reason)"
        case .realtimeDisabled:
            "The remote config server turned real-time updates off for this app."
        case .updateNotFetched(let version):
            "Template version \(version) was published, but it could not be fetched; the values in use stay as they were."
        case .unknown:
            "The remote config failed for an unknown reason."
        }
    }
}

extension RemoteConfigMalformedResponse: CustomStringConvertible {
    /// The defect in words.
    public var description: String {
        switch self {
        case .invalidJSON: "the body is not JSON"
        case .notAnObject: "the body is not a JSON object"
        case .missingState: "the state is not a string"
        case .unknownState(let state): "the state \"\(state)\" is unknown"
        case .invalidEntries: "entries is not an object"
        case .nonStringValue(let key): "the value of \"\(key)\" is not a string"
        }
    }
}
