import AuthLive
import AuthInterface
import AuthTesting
import Foundation

/// What `bistro auth` drives: the feature's `AuthenticationClient`, live or fake, and who is signed
/// in (the client only says whether someone is, and the commands print the user).
struct AuthenticationSession: Sendable {
    let client: AuthenticationClient
    /// The signed-in user, nil when signed out.
    let signedInUser: @Sendable () async -> String?

    /// The live client for `settings` (its key set URL, client ids and state directory) or, with
    /// `--fake`, `AuthTesting`'s fake sign-in, which lasts as long as the process.
    static func make(_ settings: GlobalSettings) -> AuthenticationSession {
        if settings.isFake {
            let fake = FakeAuthentication()
            return AuthenticationSession(client: fake.client, signedInUser: { fake.user })
        }
        // No log sink: the refusal reason reaches the user through the thrown error, and key fetches
        // are not worth a line on every run.
        let live = LiveAuthenticationClient(configuration: LiveAuthenticationConfiguration(
            clientIDs: settings.appleClientIDs, keySetURL: settings.appleKeySetURL,
            stateDirectory: URL(fileURLWithPath: settings.stateDirectory, isDirectory: true),
            requestTimeout: settings.networkTimeout ?? 10))
        return AuthenticationSession(client: live.client, signedInUser: { await live.signedInUserID() })
    }
}
