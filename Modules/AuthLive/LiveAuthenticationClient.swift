import AuthInterface
import FileSystem
import Foundation

/// The live `AuthenticationClient` on a device without AuthenticationServices: the server side of
/// Sign in with Apple, for real. It verifies identity tokens against Apple's published keys;
/// with the developer's key (`signingKey`) it also exchanges authorization codes at Apple for a
/// refresh token, checks that token with Apple at most once a day and an hour after a check that
/// failed (a user who stopped using Sign in with Apple for the app is signed out at the next
/// check), and revokes it when the account is deleted, always under the client id the code was
/// issued to. It applies Apple's server-to-server notifications, each once and relay changes in
/// the order they happened, and keeps the credential in a private file.
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
            verifier: verifier, clientIDs: configuration.clientIDs, leeway: configuration.leeway, now: configuration.now)
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
            handleServerNotification: { body in try await handleServerNotification(body) },
            appleCheckHistory: { await appleCheckHistory() },
            storedStatusChanges: { storedStatusChanges() },
            signedInAccount: { await signedInAccount() })
    }

    /// Verifies `identityToken`, given the raw nonce the app generated (the token may carry it or its
    /// SHA-256) and the user id the platform reported, when known.
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
    /// developer's key, the code is exchanged at Apple under the client id it was issued to (the
    /// audience of the identity token given with it, else the first configured client id) and the
    /// identity token Apple returns is verified (one given as well must name the same user); the
    /// refresh token and that client id are kept. Without the key, an identity token is verified
    /// alone, as a platform app's server would.
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
                identityTokenIssuedAt: identity.issuedAt, isPrivateEmail: identity.isPrivateEmail))
        log("auth: signed in (key \(identity.keyID))")
    }

    private func signIn(
        exchanging code: String, with apple: AppleAuthAPI, response: AppleAuthenticationResponse, expectedSubject: String?
    ) async throws(AuthenticationError) {
        // The platform's token is Apple's word on the same authorization: the code was issued to
        // its audience (the web flow's Services ID, say, and not the app's bundle id), and Apple
        // honours a code, and the refresh token it gives, under that client id only.
        var platform: VerifiedIdentityToken?
        if let token = response.identityToken {
            platform = try await verifyIdentityToken(token, rawNonce: response.nonce, expectedSubject: nil)
        }
        let clientID: String
        if let platform { clientID = platform.audience } else { clientID = try firstClientID() }
        let tokens = try await apple.exchange(code: code, clientID: clientID)
        guard let identityToken = tokens.identityToken else { throw .cannotReachApple(reason: "Apple sent no identity token") }
        let identity = try await verifyIdentityToken(identityToken, rawNonce: response.nonce, expectedSubject: expectedSubject)
        if let platform, platform.subject != identity.subject { throw .userMismatch }
        let now = configuration.now()
        // A refresh token is checked with Apple every day instead of lasting a session's lifetime.
        try await store(
            StoredCredential(
                userID: identity.subject, email: identity.email ?? response.email, fullName: response.fullName,
                identityToken: identityToken, signedInAt: now,
                expiresAt: tokens.refreshToken == nil ? configuration.sessionLifetime.map { now.addingTimeInterval($0) } : nil,
                revokedAt: nil, refreshToken: tokens.refreshToken, teamID: configuration.signingKey?.teamID, clientID: clientID,
                appleConfirmedAt: now, identityTokenIssuedAt: identity.issuedAt, isPrivateEmail: identity.isPrivateEmail))
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
    /// nor of another team, nor expired. A refresh token is checked with Apple first when Apple last
    /// confirmed it `appleCheckInterval` ago and no check failed in the last
    /// `appleCheckRetryInterval`: one Apple no longer honours (`invalid_grant`) signs the user out
    /// for good; when Apple cannot be reached or answers otherwise, the last answer stands and the
    /// failure is recorded, so that the next launch does not ask again at once.
    public func status(of userID: String?) async -> AuthenticationStatus {
        guard let credential = await credentials.load() else { return .signedOut(.notFound) }
        let now = configuration.now()
        let status = credential.status(for: userID, at: now, teamID: configuration.signingKey?.teamID)
        guard status == .signedIn, let refreshToken = credential.refreshToken, let apple else { return status }
        if let next = nextCheck(of: credential, at: now), now < next { return status }
        do throws(AuthenticationError) {
            let clientID = try clientID(of: credential)
            let answer = try await apple.validate(refreshToken: refreshToken, clientID: clientID)
            if let identityToken = answer.identityToken {
                // Apple does not always send one; when it does, it is checked like any other.
                _ = try await verifyIdentityToken(identityToken, expectedSubject: credential.userID)
            }
            await recordCheck(of: credential, at: now, confirmed: true)
            return .signedIn
        } catch {
            guard case .appleRefused(.invalidGrant) = error else {
                log("auth: could not check the credential with Apple (\(error.message)); the last answer stands")
                await recordCheck(of: credential, at: now, confirmed: false)
                return status
            }
            log("auth: Apple no longer honours the refresh token: the user is signed out")
            return await revoke(checked: credential, at: now)
        }
    }

    /// When the next check of `credential`'s refresh token with Apple may be made: a day after
    /// Apple's last confirmation and an hour after the last failure; nil when it may be made now.
    private func nextCheck(of credential: StoredCredential, at now: Date) -> Date? {
        // A time well after now means the clock was set back: it does not delay the check.
        func past(_ date: Date?) -> Date? { date.flatMap { $0.timeIntervalSince(now) > configuration.leeway ? nil : $0 } }
        let afterConfirmation = past(credential.appleConfirmedAt)?.addingTimeInterval(configuration.appleCheckInterval)
        let afterFailure = past(credential.appleCheckFailedAt)?.addingTimeInterval(configuration.appleCheckRetryInterval)
        return [afterConfirmation, afterFailure].compactMap { $0 }.max()
    }

    /// Records how the check of `checked`'s refresh token went, unless another sign-in has replaced
    /// it meanwhile or another process has had Apple confirm it since.
    func recordCheck(of checked: StoredCredential, at now: Date, confirmed: Bool) async {
        do {
            _ = try await credentials.update(userID: checked.userID) { credential in
                guard credential.refreshToken == checked.refreshToken else { return }
                if confirmed {
                    credential.appleConfirmedAt = now
                    credential.appleCheckFailedAt = nil
                } else if credential.appleConfirmedAt == checked.appleConfirmedAt {
                    credential.appleCheckFailedAt = now
                }
            }
        } catch {
            log("auth: could not record the check with Apple: \(error)")
        }
    }

    /// Marks `checked` revoked because Apple no longer honours its refresh token; the status of the
    /// credential stored by then (another sign-in may have replaced it meanwhile).
    func revoke(checked: StoredCredential, at now: Date) async -> AuthenticationStatus {
        do {
            let revoked = try await credentials.modify(userID: checked.userID) { credential -> Bool in
                guard credential.refreshToken == checked.refreshToken else { return false }
                if credential.revokedAt == nil { credential.revokedAt = now }
                return true
            }
            if revoked == true { return .signedOut(.revoked) }
        } catch {
            log("auth: could not mark the credential revoked: \(error)")
            return .signedOut(.revoked)
        }
        return await credentials.load()?.status(for: nil, at: now, teamID: configuration.signingKey?.teamID) ?? .signedOut(.notFound)
    }

    /// The stored credential while it signs its user in (not revoked, not of another team, not expired).
    private func signedInCredential() async -> StoredCredential? {
        guard let credential = await credentials.load(),
            credential.status(for: nil, at: configuration.now(), teamID: configuration.signingKey?.teamID) == .signedIn
        else { return nil }
        return credential
    }

    /// The user of the stored credential while it signs them in (not revoked, not expired); nil when
    /// signed out. The client's `checkAppleAuthenticationStatus` says only whether; an app that shows
    /// who is signed in asks here.
    public func signedInUserID() async -> String? {
        await signedInCredential()?.userID
    }

    /// When Apple last confirmed the signed-in user's refresh token; nil without one.
    public func appleConfirmedAt() async -> Date? {
        guard let credential = await signedInCredential(), credential.refreshToken != nil else { return nil }
        return credential.appleConfirmedAt
    }

    /// How the checks of the signed-in user's refresh token with Apple have gone: when Apple last
    /// confirmed it, when a check last failed since, and when the next is made; empty without a
    /// refresh token.
    public func appleCheckHistory() async -> AppleCheckHistory {
        guard let credential = await signedInCredential(), credential.refreshToken != nil else { return AppleCheckHistory() }
        let now = configuration.now()
        return AppleCheckHistory(
            confirmedAt: credential.appleConfirmedAt, failedAt: credential.appleCheckFailedAt,
            nextCheckAfter: apple == nil ? nil : nextCheck(of: credential, at: now) ?? now)
    }

    /// The stored sign-in's status now, then each time it changes, by whichever process or by the
    /// clock: the credential file is read every `storedStatusCheckInterval` seconds, as the
    /// database notices another process's commits, and Apple is never asked. Ends when the
    /// consumer stops iterating.
    public func storedStatusChanges() -> AsyncStream<AuthenticationStatus> {
        let credentials = credentials
        let configuration = configuration
        return AsyncStream { continuation in
            let watch = Task {
                var last: AuthenticationStatus?
                while !Task.isCancelled {
                    let status =
                        await credentials.load(quietly: true)?.status(
                            for: nil, at: configuration.now(), teamID: configuration.signingKey?.teamID) ?? .signedOut(.notFound)
                    if status != last {
                        continuation.yield(status)
                        last = status
                    }
                    try? await Task.sleep(for: .seconds(configuration.storedStatusCheckInterval))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in watch.cancel() }
        }
    }

    /// The signed-in user's account as stored: who, the e-mail, the relay's forwarding; nil when
    /// nobody is signed in.
    public func signedInAccount() async -> SignedInAccount? {
        guard let credential = await signedInCredential() else { return nil }
        return SignedInAccount(
            userID: credential.userID, email: credential.email, isPrivateEmail: credential.isPrivateEmail,
            emailForwarding: credential.emailForwarding, emailForwardingChangedAt: credential.emailForwardingEventTime)
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
    /// `email-disabled` and `email-enabled` record whether the relay address forwards email. Apple
    /// delivers a notification again until it is answered, and not necessarily in order: a payload
    /// is accepted until its `exp`, an event applied before (remembered in the credential file)
    /// changes nothing again, nor does a relay event older than the one applied last, nor a
    /// revocation from before the current sign-in; the result's `effect` says which. A payload that
    /// is forged, expired or for another app changes nothing and throws. Wire it to the endpoint of
    /// a server of your own; `bistro auth notification` reads it from a file.
    public func handleServerNotification(_ body: Data) async throws(AuthenticationError) -> AppleAccountNotification {
        let notice: ServerNotificationReader.Notice
        do {
            notice = try await notifications.read(body)
        } catch {
            log("auth: refused a server-to-server notification: \(error.message)")
            throw error
        }
        let effect: AppleAccountNotification.Effect
        do {
            let now = configuration.now()
            effect =
                try await credentials.modify(userID: notice.userID) { credential in
                    Self.apply(notice, to: &credential, at: now)
                } ?? .noCredentialForUser
        } catch {
            log("auth: could not apply a notification: \(error)")
            throw .storageFailed(reason: error.description)
        }
        log("auth: Apple's \(notice.event.rawValue) notification: \(effect.rawValue)")
        return AppleAccountNotification(
            event: notice.event, userID: notice.userID, eventTime: notice.eventTime, email: notice.email,
            isPrivateEmail: notice.isPrivateEmail, effect: effect)
    }

    /// Applies `notice` to its user's `credential`, read under the credential file's lock.
    static func apply(
        _ notice: ServerNotificationReader.Notice, to credential: inout StoredCredential, at now: Date
    ) -> AppleAccountNotification.Effect {
        var applied = credential.appliedNotifications ?? []
        if applied.contains(notice.identity) { return .alreadyApplied }
        switch notice.event {
        case .consentRevoked, .accountDeleted:
            if credential.revokedAt != nil { return .alreadyApplied }
            // Both times are Apple's: a revocation before the token of this sign-in was issued is of
            // the consent the user gave again with it.
            if let issuedAt = credential.identityTokenIssuedAt, notice.eventTime < issuedAt { return .superseded }
            credential.revokedAt = now
        case .emailDisabled, .emailEnabled:
            if let last = credential.emailForwardingEventTime, notice.eventTime < last { return .superseded }
            credential.emailForwarding = notice.event == .emailEnabled
            credential.emailForwardingEventTime = notice.eventTime
            if let isPrivateEmail = notice.isPrivateEmail { credential.isPrivateEmail = isPrivateEmail }
        }
        applied.append(notice.identity)
        credential.appliedNotifications = Array(applied.suffix(StoredCredential.appliedNotificationLimit))
        return .applied
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
