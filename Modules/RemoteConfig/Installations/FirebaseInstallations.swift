import FileSystem
import Foundation
import Networking
import Reactive
import RemoteConfigInterface

/// An installation's auth token and when it expires (Firebase's `InstallationsAuthTokenResult`).
///
/// Its description names only the expiry: the token is a credential and must not reach a log.
public struct InstallationsAuthTokenResult: Sendable, Hashable {
    /// The token, sent to Firebase's services as `X-Goog-Firebase-Installations-Auth`.
    public let authToken: String
    /// When the token stops being accepted.
    public let expirationDate: Date

    /// A token and its expiry.
    public init(authToken: String, expirationDate: Date) {
        self.authToken = authToken
        self.expirationDate = expirationDate
    }
}

extension InstallationsAuthTokenResult: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `InstallationsAuthTokenResult(expirationDate: ...)`, without the token.
    public var description: String { "InstallationsAuthTokenResult(expirationDate: \(expirationDate))" }
    /// As `description`.
    public var debugDescription: String { description }
    /// The expiry only, so that `dump` does not print the token either.
    public var customMirror: Mirror { Mirror(self, children: ["expirationDate": expirationDate]) }
}

/// Firebase Installations for one app (Firebase's `Installations`): the installation ID (FID) that
/// identifies this copy of the app to Firebase's services, and the auth token that proves it.
///
/// The first call registers an installation (`POST /v1/projects/{id}/installations`) and keeps its
/// FID, refresh token and auth token in a private file, replaced atomically. Later calls, in this
/// process or another, use what is kept: a state directory registers one installation per app,
/// ever, because the read, the registration and the write happen under a lock on the file that
/// every process takes. The auth token is renewed (`…/authTokens:generate`) when less than an hour
/// of it is left, or when a server refused it; an installation the server no longer knows (401 or
/// 404 on renewal) is replaced by a new registration, as Firebase's SDKs do. A FID is written
/// before its registration is sent, so a failed registration is retried with the same one. After
/// Installations refuses the app (400 or 403) it is not asked again for a day, and after 429 or 5xx
/// it rests as fetches do; both pauses are kept in the file, for every process.
///
/// Tokens never appear in logs, errors or descriptions; the FID is not secret (Firebase's console
/// asks for it to test on a device).
public final class FirebaseInstallations: Sendable {
    /// A token with less than this left is renewed before use (Firebase's SDKs: one hour).
    static let refreshMargin: TimeInterval = 60 * 60

    private let options: FirebaseOptions
    private let server: URL
    private let file: PrivateJSONFile<StoredInstallations>
    private let transport: HTTPClient
    private let requestTimeout: TimeInterval
    private let maximumAnswerSize: Int
    private let now: @Sendable () -> Date
    private let random: @Sendable () -> Double
    private let log: @Sendable (String) -> Void
    private let backoffPolicy = BackoffPolicy()
    /// Held for a whole renewal (file lock, network, write): one at a time in this process. The
    /// file lock, taken inside it, does the same across processes; it is not reentrant, hence both.
    private let renewal = NSLock()
    /// The installation last read or renewed, so that most calls need neither lock nor file.
    private let cached = Locked<StoredInstallation?>(nil)

    /// Installations of the app `options` describes, at `server` (Google's by default), kept in
    /// the file at `storageURL`; each call (with every exchange it needs) may take
    /// `requestTimeout` seconds, and an answer may be `maximumAnswerSize` bytes.
    public convenience init(
        options: FirebaseOptions, server: URL = FirebaseServers.firebase.installations, storageURL: URL,
        requestTimeout: TimeInterval = 60, maximumAnswerSize: Int = 1 << 20, trustedCertificates: URL? = nil
    ) {
        self.init(
            options: options, server: server, storageURL: storageURL,
            transport: trustedCertificates.map { HTTPClient(trustedCertificates: $0) } ?? HTTPClient(),
            requestTimeout: requestTimeout, maximumAnswerSize: maximumAnswerSize, now: Date.init,
            random: { Double.random(in: 0..<1) }, log: { _ in })
    }

    init(
        options: FirebaseOptions, server: URL, storageURL: URL, transport: HTTPClient, requestTimeout: TimeInterval,
        maximumAnswerSize: Int, now: @escaping @Sendable () -> Date, random: @escaping @Sendable () -> Double,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.options = options
        self.server = server
        self.file = PrivateJSONFile(url: storageURL, kind: "a stored Firebase installation")
        self.transport = transport
        self.requestTimeout = requestTimeout
        self.maximumAnswerSize = maximumAnswerSize
        self.now = now
        self.random = random
        self.log = log
    }

    /// Where the installation is kept.
    public var storageURL: URL { file.url }

    /// The installation ID, registering the installation first if this app has none yet.
    public func installationID() async throws -> String {
        try await onWorker { [self] () throws(RemoteConfigError) in try credentials(deadline: deadline()).fid }
    }

    /// The installation's auth token, renewed first when less than an hour of it is left or when
    /// `forcingRefresh`; registers the installation first if this app has none yet.
    public func authToken(forcingRefresh: Bool = false) async throws -> InstallationsAuthTokenResult {
        let installation = try await onWorker { [self] () throws(RemoteConfigError) in
            let deadline = deadline()
            let current = try credentials(deadline: deadline)
            return forcingRefresh ? try credentials(replacing: current.authToken, deadline: deadline) : current
        }
        return InstallationsAuthTokenResult(authToken: installation.authToken, expirationDate: installation.authTokenExpiration)
    }

    /// Deletes the installation on the server and here; the next call registers a new one. No
    /// installation, or one the server no longer knows, is fine.
    public func delete() async throws {
        try await onWorker { [self] () throws(RemoteConfigError) in try deleteNow(deadline: deadline()) }
    }

    // MARK: For the client, on a thread that may block

    /// The installation with an auth token that has at least an hour left and is not `refused` (a
    /// token a server just turned away), registering or renewing as needed by `deadline`.
    func credentials(replacing refused: String? = nil, deadline: ContinuousClock.Instant) throws(RemoteConfigError) -> StoredInstallation {
        if let current = cached.withLock({ $0 }), isUsable(current, refused: refused) { return current }
        let installation = try withBothLocks { () throws(RemoteConfigError) in
            // Another thread may have renewed it while this one waited.
            if let current = cached.withLock({ $0 }), isUsable(current, refused: refused) { return current }
            return try renewLocked(refused: refused, deadline: deadline)
        }
        cached.withLock { $0 = installation }
        return installation
    }

    private func isUsable(_ installation: StoredInstallation, refused: String?) -> Bool {
        installation.authToken != refused && installation.authTokenExpiration.timeIntervalSince(now()) > Self.refreshMargin
    }

    /// Reads the file and, unless another process left a usable token there or a pause holds,
    /// renews or registers and writes the result: the whole read-decide-write under the file lock.
    /// A refusal or an overloaded service is written down as a pause that later calls, in any
    /// process, keep to.
    private func renewLocked(refused: String?, deadline: ContinuousClock.Instant) throws(RemoteConfigError) -> StoredInstallation {
        var document = try loadDocument()
        let appID = options.googleAppID
        if let installation = document.installations[appID], installation.projectID == options.projectID,
            isUsable(installation, refused: refused)
        {
            return installation
        }
        let fingerprint = Self.fingerprint(of: options)
        let previous = document.pauses?[appID].flatMap { $0.optionsFingerprint == fingerprint ? $0 : nil }
        // A clock set back makes a pause look endless: one that ends further ahead than it ever could is over.
        if let pause = previous, case let left = pause.until.timeIntervalSince(now()), left > 0, left <= Self.longestPause {
            log("installations: no request before \(pause.until) (HTTP \(pause.status) earlier)")
            throw pause.error
        }
        do {
            let installation = try renewOrRegister(&document, refused: refused, deadline: deadline)
            document.pauses?[appID] = nil
            try file.save(document)
            return installation
        } catch {
            guard case .installationsRefused(let status, let message) = error,
                InstallationsPause.refusesTheApp(status) || FetchResponseParser.startsBackoff(status)
            else { throw error }
            let failures = InstallationsPause.refusesTheApp(status) ? 0 : (previous?.failures ?? 0) + 1
            let length = failures == 0 ? Self.refusalPause : backoffPolicy.delay(afterFailures: failures, random: random())
            var pauses = document.pauses ?? [:]
            pauses[appID] = InstallationsPause(
                until: now().addingTimeInterval(length), status: status, canonicalStatus: message?.status, message: message?.message,
                reason: message?.reason, failures: failures, optionsFingerprint: fingerprint)
            document.pauses = pauses
            // The refusal stands whether or not it could be written down.
            try? file.save(document)
            log("installations: HTTP \(status); no request before \(pauses[appID]!.until)")
            throw error
        }
    }

    /// How long Installations is not asked again after it refused the app (Firebase's iOS SDK: a day).
    static let refusalPause: TimeInterval = 24 * 60 * 60
    /// No pause is longer (a back-off's is six hours at most).
    private static let longestPause: TimeInterval = refusalPause

    /// Renews the installation's token, or registers it (with the FID written down first), in `document`.
    private func renewOrRegister(
        _ document: inout StoredInstallations, refused: String?, deadline: ContinuousClock.Instant
    ) throws(RemoteConfigError) -> StoredInstallation {
        let appID = options.googleAppID
        if var installation = document.installations[appID], installation.projectID == options.projectID {
            if let (token, expiration) = try renewToken(of: installation, deadline: deadline) {
                installation.authToken = token
                installation.authTokenExpiration = expiration
                document.installations[appID] = installation
                return installation
            }
            log("installations: the server no longer knows installation \(installation.fid); registering a new one")
            document.installations[appID] = nil
            document.unregistered?[appID] = nil
        }
        var unregistered = document.unregistered ?? [:]
        let fid: String
        if let pending = unregistered[appID], pending.projectID == options.projectID, InstallationID.isValid(pending.fid) {
            fid = pending.fid
        } else {
            fid = InstallationID.make()
            unregistered[appID] = UnregisteredInstallation(fid: fid, projectID: options.projectID)
            document.unregistered = unregistered
            // Written before it is sent: a registration that fails is retried with the same FID.
            try file.save(document)
        }
        let installation = try register(fid: fid, deadline: deadline)
        document.installations[appID] = installation
        unregistered[appID] = nil
        document.unregistered = unregistered.isEmpty ? nil : unregistered
        return installation
    }

    /// A short, stable digest of what Google checks an app's key against (FNV-1a): a pause holds
    /// only for the options it was earned with. The key itself is never written.
    static func fingerprint(of options: FirebaseOptions) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let text = [
            options.apiKey, options.projectID, options.appIdentity.headerName, options.appIdentity.identifier,
            options.androidCertificateHash ?? "",
        ].joined(separator: "\u{0}")
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    private func deleteNow(deadline: ContinuousClock.Instant) throws(RemoteConfigError) {
        try withBothLocks { () throws(RemoteConfigError) in
            var document = try loadDocument()
            guard let installation = document.installations[options.googleAppID] else { return }
            let url = try GoogleAPI.url(base: server, project: options.projectID, ["installations", installation.fid])
            var request = GoogleAPI.request("DELETE", url: url, options: options, body: nil)
            request.setHeader("FIS_v2 " + installation.refreshToken, for: "Authorization")
            log("installations: DELETE \(url.absoluteString)")
            let answer = try exchange(request, deadline: deadline)
            guard (200..<300).contains(answer.statusCode) || answer.statusCode == 404 else { throw refusal(answer) }
            document.installations[options.googleAppID] = nil
            document.unregistered?[options.googleAppID] = nil
            try file.save(document)
            cached.withLock { $0 = nil }
        }
    }

    // MARK: Exchanges

    private func register(fid: String, deadline: ContinuousClock.Instant) throws(RemoteConfigError) -> StoredInstallation {
        let url = try GoogleAPI.url(base: server, project: options.projectID, ["installations"])
        let body = GoogleAPI.json([
            "fid": fid, "appId": options.googleAppID, "authVersion": "FIS_v2", "sdkVersion": GoogleAPI.sdkVersion,
        ])
        log("installations: POST \(url.absoluteString)")
        let answer = try exchange(GoogleAPI.request("POST", url: url, options: options, body: body), deadline: deadline)
        guard (200..<300).contains(answer.statusCode) else { throw refusal(answer) }
        let installation = try Self.registration(in: answer.body, sentFID: fid, projectID: options.projectID, now: now())
        log("installations: registered \(installation.fid)")
        return installation
    }

    /// The installation a registration's answer describes (`refreshToken`, `authToken`, and the
    /// FID the server kept), or why the answer is unusable.
    static func registration(in body: Data, sentFID fid: String, projectID: String, now: Date) throws(RemoteConfigError)
        -> StoredInstallation
    {
        let object = try Self.object(body)
        guard let refreshToken = object["refreshToken"] as? String, !refreshToken.isEmpty else {
            throw Self.unreadable("has no refreshToken")
        }
        guard let authToken = object["authToken"] as? [String: Any] else { throw Self.unreadable("has no authToken") }
        let (token, expiration) = try token(in: authToken, now: now)
        // The server may answer with another FID than the one sent, when it cannot accept that one.
        let registered = (object["fid"] as? String).flatMap { InstallationID.isValid($0) ? $0 : nil } ?? fid
        return StoredInstallation(
            fid: registered, projectID: projectID, refreshToken: refreshToken, authToken: token, authTokenExpiration: expiration)
    }

    /// A new auth token and its expiry, or `nil` when the server no longer knows the installation.
    private func renewToken(of installation: StoredInstallation, deadline: ContinuousClock.Instant) throws(RemoteConfigError) -> (
        String, Date
    )? {
        let url = try GoogleAPI.url(
            base: server, project: options.projectID, ["installations", installation.fid, "authTokens"], method: "generate")
        var request = GoogleAPI.request(
            "POST", url: url, options: options, body: GoogleAPI.json(["installation": ["sdkVersion": GoogleAPI.sdkVersion]]))
        request.setHeader("FIS_v2 " + installation.refreshToken, for: "Authorization")
        log("installations: POST \(url.absoluteString)")
        let answer = try exchange(request, deadline: deadline)
        if answer.statusCode == 401 || answer.statusCode == 404 { return nil }
        guard (200..<300).contains(answer.statusCode) else { throw refusal(answer) }
        return try Self.token(in: Self.object(answer.body), now: now())
    }

    private func exchange(_ request: HTTPRequest, deadline: ContinuousClock.Instant) throws(RemoteConfigError) -> HTTPResponse {
        let left = deadline - ContinuousClock.now
        guard left > .zero else { throw .timedOut }
        let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
        switch transport.sendAndWait(request, timeout: seconds, maximumBodySize: maximumAnswerSize) {
        case .success(let answer): return answer
        case .failure(let error): throw RemoteConfigError(error)
        }
    }

    // MARK: Reading answers

    /// `token` and `expiresIn` ("604800s") of an auth token object; the expiry counts from now.
    static func token(in object: [String: Any], now: Date) throws(RemoteConfigError) -> (String, Date) {
        guard let token = object["token"] as? String, !token.isEmpty else { throw Self.unreadable("has no auth token") }
        // Seconds as Google writes a Duration ("604800s"): digits, a fraction at most; no exponent,
        // sign or hex that Double(_:) would also take, and nothing past a century.
        guard let text = object["expiresIn"] as? String, text.hasSuffix("s"),
            text.dropLast().utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == UInt8(ascii: ".") }),
            let seconds = Double(text.dropLast()), seconds.isFinite, seconds > 0, seconds < 100 * 365 * 24 * 60 * 60
        else { throw Self.unreadable("has no expiresIn in seconds") }
        return (token, now.addingTimeInterval(seconds))
    }

    private static func object(_ body: Data) throws(RemoteConfigError) -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw unreadable("is not a JSON object")
        }
        return object
    }

    private static func unreadable(_ defect: String) -> RemoteConfigError {
        .answerUnreadable(reason: "Firebase Installations' answer \(defect)")
    }

    private func refusal(_ answer: HTTPResponse) -> RemoteConfigError {
        GoogleAPI.refusal(answer, options: options, installations: true)
    }

    // MARK: Locks and threads

    private func loadDocument() throws(RemoteConfigError) -> StoredInstallations {
        guard let document = try file.load() else { return StoredInstallations() }
        guard document.formatVersion == StoredInstallations.currentFormatVersion else {
            throw .storageCorrupted(path: file.url.path, reason: "unsupported format version \(document.formatVersion)")
        }
        return document
    }

    /// Runs `body` holding this process's renewal lock and every process's lock on the file.
    private func withBothLocks<T>(_ body: () throws(RemoteConfigError) -> T) throws(RemoteConfigError) -> T {
        renewal.lock()
        defer { renewal.unlock() }
        let outcome: Result<T, RemoteConfigError>
        do {
            try Directories.create(file.url.deletingLastPathComponent().path)
            outcome = try FileLock.withExclusiveLock(of: file.url) { () throws(FileSystemError) in Result(catching: body) }
        } catch {
            throw .storageFailed(reason: error.description)
        }
        return try outcome.get()
    }

    private func deadline() -> ContinuousClock.Instant {
        .now + .seconds(requestTimeout)
    }

    /// Runs `body`, which blocks on the network and on locks, on a thread of its own.
    private func onWorker<T: Sendable>(_ body: @escaping @Sendable () throws(RemoteConfigError) -> T) async throws(RemoteConfigError) -> T {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, RemoteConfigError>, Never>) in
            DispatchQueue.global().async { continuation.resume(returning: Result(catching: body)) }
        }
        return try result.get()
    }
}
