import Foundation

/// The installations file: one registered installation per Firebase app, keyed by app ID, so that
/// a state directory used with another options file keeps each app's installation.
struct StoredInstallations: Codable, Sendable, Equatable {
    /// The document format this code writes and reads.
    static let currentFormatVersion = 1

    /// The document format.
    var formatVersion = StoredInstallations.currentFormatVersion
    /// Each app's installation, by app ID.
    var installations: [String: StoredInstallation] = [:]
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
