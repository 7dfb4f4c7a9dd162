import AuthInterface
import FileSystem
import Foundation

/// The live `AuthenticationClient` on a device without AuthenticationServices: it does the server
/// side of Sign in with Apple for real — verifies the identity token against Apple's published keys —
/// and keeps the credential in a private file.
public struct LiveAuthenticationClient: Sendable {
    private let configuration: LiveAuthenticationConfiguration
    private let verifier: IdentityTokenVerifier
    private let credentials: CredentialStore
    private let log: Log

    /// A client with `configuration`.
    public init(configuration: LiveAuthenticationConfiguration) {
        self.init(configuration: configuration, fetch: KeySetFetcher.http(timeout: configuration.requestTimeout))
    }

    init(configuration: LiveAuthenticationConfiguration, fetch: @escaping KeySetFetch) {
        let log = Log(sink: configuration.log)
        self.configuration = configuration
        self.log = log
        let keys = KeySetCache(
            url: configuration.keySetURL, fetch: fetch, diskFile: configuration.keySetCacheFile,
            minimumRefetchInterval: configuration.minimumKeyRefetchInterval, maximumAge: configuration.maximumKeySetAge,
            now: configuration.now, log: log,
            writeHook: configuration.willReplaceFile)
        verifier = IdentityTokenVerifier(
            keys: keys, rules: ClaimRules(clientIDs: configuration.clientIDs, leeway: configuration.leeway),
            now: configuration.now, log: log)
        credentials = CredentialStore(file: configuration.credentialFile, log: log, writeHook: configuration.willReplaceFile)
    }

    /// The endpoints for `@Dependency(\.authenticationClient)`.
    public var client: AuthenticationClient {
        AuthenticationClient(
            checkAppleAuthenticationStatus: { userID in await status(of: userID) },
            signIn: { response in try await signIn(response) },
            signOut: { try await signOut() },
            signedInUser: { await signedInUserID() })
    }

    /// Verifies `identityToken`, given the raw nonce the app sent and the user id the platform reported, when known.
    public func verifyIdentityToken(
        _ identityToken: String, rawNonce: String? = nil, expectedSubject: String? = nil
    ) async throws(AuthenticationError) -> VerifiedIdentityToken {
        do {
            return try await verifier.verify(identityToken, rawNonce: rawNonce, expectedSubject: expectedSubject)
        } catch {
            log("auth: refused an identity token: \(error.message)")
            throw error
        }
    }

    /// Verifies the response's token and stores the credential.
    public func signIn(_ response: AppleAuthenticationResponse) async throws(AuthenticationError) {
        guard let token = response.identityToken else { throw .invalidToken(.missing) }
        // No user id from the platform: the token's subject, which the signature vouches for, is the user.
        let identity = try await verifyIdentityToken(
            token, rawNonce: response.nonce, expectedSubject: response.userID.isEmpty ? nil : response.userID)
        let now = configuration.now()
        let credential = StoredCredential(
            userID: identity.subject, email: identity.email ?? response.email, fullName: response.fullName,
            identityToken: token, signedInAt: now,
            expiresAt: configuration.sessionLifetime.map { now.addingTimeInterval($0) }, revokedAt: nil)
        do {
            try await credentials.save(credential)
        } catch {
            log("auth: could not store the credential: \(error)")
            throw .storageFailed(reason: error.description)
        }
        log("auth: signed in (key \(identity.keyID))")
    }

    /// Deletes the stored credential.
    public func signOut() async throws(AuthenticationError) {
        do {
            try await credentials.delete()
        } catch {
            log("auth: could not delete the credential: \(error)")
            throw .storageFailed(reason: error.description)
        }
    }

    /// Signed in when a credential is stored for `userID` (nil: for anyone) that is neither revoked nor expired.
    public func status(of userID: String?) async -> AuthenticationStatus {
        guard let credential = await credentials.load() else { return .signedOut(.notFound) }
        return credential.status(for: userID, at: configuration.now())
    }

    /// The user of the stored credential while it signs them in (not revoked, not expired); nil when
    /// signed out. The client's `checkAppleAuthenticationStatus` says only whether; an app that shows
    /// who is signed in asks here.
    public func signedInUserID() async -> String? {
        guard let credential = await credentials.load(), credential.status(for: nil, at: configuration.now()) == .signedIn else {
            return nil
        }
        return credential.userID
    }

    /// Marks `userID`'s credential revoked (Apple's `consent-revoked` or `account-delete` notification); false when none is stored for that user.
    @discardableResult
    public func revoke(userID: String) async throws(AuthenticationError) -> Bool {
        do {
            return try await credentials.revoke(userID: userID, at: configuration.now())
        } catch {
            log("auth: could not mark the credential revoked: \(error)")
            throw .storageFailed(reason: error.description)
        }
    }
}

extension AuthenticationClient {
    /// The live client for `configuration`: what the composition root installs.
    public static func live(_ configuration: LiveAuthenticationConfiguration) -> AuthenticationClient {
        LiveAuthenticationClient(configuration: configuration).client
    }
}
