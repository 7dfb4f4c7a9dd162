import Networking
import RemoteConfigInterface

extension RemoteConfigError {
    /// The fetch's error for an HTTP exchange that gave no complete answer.
    init(_ error: HTTPError) {
        switch error {
        case .timedOut: self = .timedOut
        case .responseTooLarge(let limit): self = .responseTooLarge(limit: limit)
        case .cannotConnect(let reason): self = .connectionFailed(reason: reason)
        case .closedWithoutAnswer: self = .answerUnreadable(reason: error.description)
        case .interrupted(let reason), .invalidResponse(let reason): self = .answerUnreadable(reason: reason)
        case .insecureURL: self = .invalidConfiguration(reason: "the server URL must be HTTPS, or HTTP to this machine")
        }
    }
}
