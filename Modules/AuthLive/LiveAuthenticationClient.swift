import AuthInterface
import FileSystem
import Foundation

/// The live `AuthenticationClient` on a device without AuthenticationServices: the server side of
/// Sign in with Apple, for real. It verifies identity tokens against Apple's published keys;
/// with the developer's key (`signingKey`) it also exchanges authorization codes at Apple for a
/// refresh token, checks that token with Apple at most once a day (a user who stopped using Sign in
/// with Apple for the app is signed out at the next check), and revokes it when the account is
/// deleted. It applies Apple's server-to-server notifications, and keeps the credential in a
/// private file.
public struct LiveAuthenticationClient: Sendable {
    private let configuration: LiveAuthenticationConfiguration
    private let verifier: IdentityTokenVerifier
    private let notifications: ServerNotificationReader
    private let credentials: CredentialStore
    /// nil without the developer's key: identity tokens only.
    private let apple: AppleAuthAPI?
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
        notifications = ServerNotificationReader(
            verifier: verifier, clientIDs: configuration.clientIDs, maximumAge: configuration.notificationMaximumAge,
            leeway: configuration.leeway, now: configuration.now)
        credentials = CredentialStore(file: configuration.credentialFile, log: log, writeHook: configuration.willReplaceFile)
        apple = configuration.signingKey.map { key in
            AppleAuthAPI(
                baseURL: configuration.appleAuthURL, key: key, redirectURI: configuration.redirectURI,
                timeout: configuration.requestTimeout, now: configuration.now, log: log)
        }
    }

    /// The endpoints for `@Dependency(\.authenticationClient)`.
    public var client: AuthenticationClient {
        AuthenticationClient(
            checkAppleAuthenticationStatus: { userID in await status(of: userID) },
            signIn: { response in try await signIn(response) },
            signOut: { try await signOut() },
            signedInUser: { await signedInUserID() },
            appleConfirmedAt: { await appleConfirmedAt() },
            deleteAccount: { try await deleteAccount() },
            handleServerNotification: { body in try await handleServerNotification(body) })
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

    /// Signs the response's user in and stores the credential. With an authorization code and the
    /// developer's key, the code is exchanged at Apple and the identity token Apple returns is
    /// verified (an identity token given as well must name the same user); the refresh token is kept.
    /// Without the key, an identity token is verified alone, as a platform app's server would.
    public func signIn(_ response: AppleAuthenticationResponse) async throws(AuthenticationError) {
        let expectedSubject = response.userID.isEmpty ? nil : response.userID
        if let code = response.authorizationCode, !code.isEmpty {
            if let apple {
                try await signIn(exchanging: code, with: apple, response: response, expectedSubject: expectedSubject)
                return
            }
            guard response.identityToken != nil else {
                throw .notConfigured(reason: "exchanging an authorization code needs the team id, the key id and the .p8 key")
            }
            log("auth: the authorization code is not exchanged: no Sign in with Apple key is configured")
        }
        guard let token = response.identityToken else { throw .invalidToken(.missing) }
        // No user id from the platform: the token's subject, which the signature vouches for, is the user.
        let identity = try await verifyIdentityToken(token, rawNonce: response.nonce, expectedSubject: expectedSubject)
        let now = configuration.now()
        try await store(
            StoredCredential(
                userID: identity.subject, email: identity.email ?? response.email, fullName: response.fullName,
                identityToken: token, signedInAt: now,
                expiresAt: configuration.sessionLifetime.map { now.addingTimeInterval($0) }, revokedAt: nil,
                isPrivateEmail: identity.isPrivateEmail))
        log("auth: signed in (key \(identity.keyID))")
    }

    private func signIn(
        exchanging code: String, with apple: AppleAuthAPI, response: AppleAuthenticationResponse, expectedSubject: String?
    ) async throws(AuthenticationError) {
        let clientID = try firstClientID()
        let tokens = try await apple.exchange(code: code, clientID: clientID)
        let identity = try await verifyIdentityToken(tokens.identityToken, rawNonce: response.nonce, expectedSubject: expectedSubject)
        if let token = response.identityToken {
            // The platform's token is Apple's word too, for the same authorization: the same user.
            let platform = try await verifyIdentityToken(token, rawNonce: response.nonce, expectedSubject: nil)
            guard platform.subject == identity.subject else { throw .userMismatch }
        }
        let now = configuration.now()
        // A refresh token is checked with Apple every day instead of lasting a session's lifetime.
        try await store(
            StoredCredential(
                userID: identity.subject, email: identity.email ?? response.email, fullName: response.fullName,
                identityToken: tokens.identityToken, signedInAt: now,
                expiresAt: tokens.refreshToken == nil ? configuration.sessionLifetime.map { now.addingTimeInterval($0) } : nil,
                revokedAt: nil, refreshToken: tokens.refreshToken, teamID: configuration.signingKey?.teamID, clientID: clientID,
                appleConfirmedAt: now, isPrivateEmail: identity.isPrivateEmail))
        log("auth: signed in with an authorization code (key \(identity.keyID))")
    }

    private func store(_ credential: StoredCredential) async throws(AuthenticationError) {
        do {
            try await credentials.save(credential)
        } catch {
            log("auth: could not store the credential: \(error)")
            throw .storageFailed(reason: error.description)
        }
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

    /// Signed in when a credential is stored for `userID` (nil: for anyone) that is neither revoked,
    /// nor of another team, nor expired. A refresh token not confirmed by Apple for
    /// `appleCheckInterval` is checked first: one Apple no longer honours (`invalid_grant`) signs
    /// the user out for good; when Apple cannot be reached or answers otherwise, the last answer stands.
    public func status(of userID: String?) async -> AuthenticationStatus {
        guard let credential = await credentials.load() else { return .signedOut(.notFound) }
        let now = configuration.now()
        let status = credential.status(for: userID, at: now, teamID: configuration.signingKey?.teamID)
        guard status == .signedIn, let refreshToken = credential.refreshToken, let apple else { return status }
        // A confirmation dated well after now means the clock was set back: it is checked again.
        if let confirmed = credential.appleConfirmedAt, case let age = now.timeIntervalSince(confirmed),
            age < configuration.appleCheckInterval, age > -configuration.leeway
        {
            return status
        }
        do throws(AuthenticationError) {
            let clientID = try clientID(of: credential)
            _ = try await apple.validate(refreshToken: refreshToken, clientID: clientID)
            _ = try? await credentials.update(userID: credential.userID) { $0.appleConfirmedAt = now }
            return .signedIn
        } catch {
            guard case .appleRefused(.invalidGrant) = error else {
                log("auth: could not check the credential with Apple (\(error.message)); the last answer stands")
                return status
            }
            log("auth: Apple no longer honours the refresh token: the user is signed out")
            do {
                _ = try await credentials.revoke(userID: credential.userID, at: now)
            } catch {
                log("auth: could not mark the credential revoked: \(error)")
            }
            return .signedOut(.revoked)
        }
    }

    /// The user of the stored credential while it signs them in (not revoked, not expired); nil when
    /// signed out. The client's `checkAppleAuthenticationStatus` says only whether; an app that shows
    /// who is signed in asks here.
    public func signedInUserID() async -> String? {
        guard let credential = await credentials.load(),
            credential.status(for: nil, at: configuration.now(), teamID: configuration.signingKey?.teamID) == .signedIn
        else { return nil }
        return credential.userID
    }

    /// When Apple last confirmed the signed-in user's refresh token; nil without one.
    public func appleConfirmedAt() async -> Date? {
        guard await signedInUserID() != nil, let credential = await credentials.load(), credential.refreshToken != nil else { return nil }
        return credential.appleConfirmedAt
    }

    /// Revokes the stored refresh token at Apple, then deletes the credential; when Apple cannot be
    /// reached or refuses, nothing is deleted and the error says why.
    public func deleteAccount() async throws(AuthenticationError) -> AccountDeletion {
        guard let credential = await credentials.load() else { return .noCredential }
        guard let refreshToken = credential.refreshToken else {
            try await signOut()
            return .nothingToRevoke
        }
        guard let apple else {
            throw .notConfigured(reason: "revoking the user's tokens needs the team id, the key id and the .p8 key")
        }
        let clientID = try clientID(of: credential)
        try await apple.revoke(refreshToken: refreshToken, clientID: clientID)
        try await signOut()
        log("auth: the account's tokens are revoked and the credential deleted")
        return .revokedAtApple
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

    /// Verifies a server-to-server notification (the body Apple POSTs to the app's endpoint) and
    /// applies it: `consent-revoked` and `account-delete` revoke the user's stored credential,
    /// `email-disabled` and `email-enabled` record whether the relay address forwards email. A
    /// payload that is forged, stale or for another app changes nothing. Wire it to the endpoint
    /// of a server of your own; `bistro auth notification` reads it from a file.
    public func handleServerNotification(_ body: Data) async throws(AuthenticationError) -> AppleAccountNotification {
        let notice: ServerNotificationReader.Notice
        do {
            notice = try await notifications.read(body)
        } catch {
            log("auth: refused a server-to-server notification: \(error.message)")
            throw error
        }
        let changed: Bool
        do {
            switch notice.event {
            case .consentRevoked, .accountDeleted:
                changed = try await credentials.revoke(userID: notice.userID, at: configuration.now())
            case .emailDisabled, .emailEnabled:
                let forwarding = notice.event == .emailEnabled
                changed = try await credentials.update(userID: notice.userID) { credential in
                    credential.emailForwarding = forwarding
                    if let isPrivateEmail = notice.isPrivateEmail { credential.isPrivateEmail = isPrivateEmail }
                }
            }
        } catch {
            log("auth: could not apply a notification: \(error)")
            throw .storageFailed(reason: error.description)
        }
        log("auth: applied Apple's \(notice.event.rawValue) notification")
        return AppleAccountNotification(
            event: notice.event, userID: notice.userID, eventTime: notice.eventTime, email: notice.email,
            isPrivateEmail: notice.isPrivateEmail, changedStoredCredential: changed)
    }

    /// The client id `credential`'s tokens were issued to (the first configured one for an older credential).
    private func clientID(of credential: StoredCredential) throws(AuthenticationError) -> String {
        if let clientID = credential.clientID { return clientID }
        return try firstClientID()
    }

    private func firstClientID() throws(AuthenticationError) -> String {
        guard let clientID = configuration.clientIDs.first else { throw .notConfigured(reason: "no client id is configured") }
        return clientID
    }
}

extension AuthenticationClient {
    /// The live client for `configuration`: what the composition root installs.
    public static func live(_ configuration: LiveAuthenticationConfiguration) -> AuthenticationClient {
        LiveAuthenticationClient(configuration: configuration).client
    }
}
