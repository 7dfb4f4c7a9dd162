import Foundation

/// Where the three Firebase services a live client speaks to are: Installations, Remote Config's
/// fetch, and its real-time stream. The paths under each are Firebase's, whichever the host.
public struct FirebaseServers: Sendable, Hashable {
    /// Firebase Installations (`/v1/projects/{id}/installations`).
    public var installations: URL
    /// Remote Config's fetch (`/v1/projects/{id}/namespaces/{namespace}:fetch`).
    public var remoteConfig: URL
    /// Remote Config's real-time stream (`/v1/projects/{number}/namespaces/{namespace}:streamFetchInvalidations`);
    /// `nil` means no real-time updates.
    public var realtime: URL?

    /// Servers at the given base URLs.
    public init(installations: URL, remoteConfig: URL, realtime: URL?) {
        self.installations = installations
        self.remoteConfig = remoteConfig
        self.realtime = realtime
    }

    /// Google's own hosts.
    public static let firebase = FirebaseServers(
        installations: URL(string: "https://firebaseinstallations.googleapis.com")!,
        remoteConfig: URL(string: "https://firebaseremoteconfig.googleapis.com")!,
        realtime: URL(string: "https://firebaseremoteconfigrealtime.googleapis.com")!)

    /// All three at one base URL, with the same paths: the development server, an emulator, a test's server.
    public static func single(_ baseURL: URL) -> FirebaseServers {
        FirebaseServers(installations: baseURL, remoteConfig: baseURL, realtime: baseURL)
    }
}
