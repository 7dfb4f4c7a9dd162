import Foundation
import RemoteConfigInterface

/// The installations file: one registered installation per Firebase app, keyed by app ID, so that
/// a state directory used with another options file keeps each app's installation.
struct StoredInstallations: Codable, Sendable, Equatable {
    /// The document format this code writes and reads.
    static let currentFormatVersion = 1

    /// The document format.
    var formatVersion = StoredInstallations.currentFormatVersion
    /// Each app's installation, by app ID.
    var installations: [String: StoredInstallation] = [:]
    /// The FID made for an app that has not registered yet, by app ID: it is written before the
    /// first registration is sent, so that every retry, in this process or a later one, registers
    /// the same installation (Firebase's SDKs keep one FID per app data, never one per attempt).
    var unregistered: [String: UnregisteredInstallation]?
    /// A pause after Installations refused the app or was overloaded, by app ID.
    var pauses: [String: InstallationsPause]?
}

/// A registered installation: its ID, the refresh token that proves it, and the latest auth token.
struct StoredInstallation: Codable, Sendable, Equatable {
    /// The installation ID (FID).
    var fid: String
    /// The project it was registered in.
    var projectID: String
    /// The long-lived secret that asks for new auth tokens.
    var refreshToken: String
    /// The latest auth token, sent with every fetch and stream.
    var authToken: String
    /// When `authToken` expires.
    var authTokenExpiration: Date
}

/// An installation ID made and kept for a registration that has not succeeded yet.
struct UnregisteredInstallation: Codable, Sendable, Equatable {
    /// The FID the registration sends.
    var fid: String
    /// The project it is for.
    var projectID: String
}

/// No request to Installations until `until`: a day after it refused the app (400 or 403, which no
/// retry mends: Firebase's iOS SDK waits 24 hours), or a back-off after 429 or 5xx answers.
struct InstallationsPause: Codable, Sendable, Equatable {
    /// When requests may be sent again.
    var until: Date
    /// The status that started the pause.
    var status: Int
    /// Google's canonical status, sentence and reason, when its error body had them.
    var canonicalStatus: String?
    var message: String?
    var reason: String?
    /// The 429 or 5xx answers in a row (0 for a refusal).
    var failures: Int
    /// The options the pause holds for: a changed API key or app identity is asked at once.
    var optionsFingerprint: String

    /// Whether the status refused the app itself, rather than saying the service is busy.
    static func refusesTheApp(_ status: Int) -> Bool {
        status == 400 || status == 403
    }

    /// What a request during the pause fails with.
    var error: RemoteConfigError {
        guard Self.refusesTheApp(status) else { return .throttled(until: until) }
        let serverMessage = message.map { RemoteConfigServerMessage(status: canonicalStatus, message: $0, reason: reason) }
        return .installationsPaused(until: until, status: status, message: serverMessage)
    }
}
