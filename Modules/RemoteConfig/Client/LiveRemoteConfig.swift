import Foundation
import Networking
import Reactive
import RemoteConfigInterface

/// The live remote config: Firebase Remote Config's REST protocol over `HTTPClient`, for a Firebase
/// app (`FirebaseOptions`), with fetched, active and default values and the fetch bookkeeping kept
/// in one atomically written file, and the app's installation registered with Firebase
/// Installations (`installations`) and kept in another.
///
/// Statuses are Firebase's: `fetchAndActivate` reports `.successFetchedFromRemote` whenever the
/// fetch reached the server and its answer was activated (new values or not: NO_CHANGE and 304
/// say the fetched template is current), `.successUsingPreFetchedData` when no fetch went out (the
/// minimum interval had not passed, or there is no server), and `.error` with a `RemoteConfigError`
/// otherwise, leaving fetched and active values as they were. After a 429 or 5xx, fetches pause
/// (2 minutes doubling to 4 hours, with jitter). A fetch whose installation token is refused (401)
/// renews the token, or registers a new installation, and is sent once more.
///
/// With no server (`Configuration.offline(storageURL:)`, or `servers` `nil`) no fetch reaches the
/// network: each answers as a fetch within the minimum interval does, from the stored and default
/// values, and leaves `lastFetchStatus` and `lastFetchTime` as they were.
///
/// Thread-safe: all mutable state sits in `core`, one `Locked`. Handlers,
/// `activations` and real-time updates run on the serial callback queue, enqueued while the lock is
/// held (or run by the queue's own task that changed the state), so they arrive in the order the
/// state changed. A network fetch's answer is applied there too: from the exchange's thread, one
/// hand-off.
public final class LiveRemoteConfig: RemoteConfigProtocol {
    private struct Core {
        var stored: StoredState
        var settings: RemoteConfigSettings
        /// The handlers waiting for the network fetch in flight; empty when none runs, so a second
        /// caller joins the running fetch instead of starting another.
        var waiters: [Waiter] = []
        var persistenceError: RemoteConfigError?
    }

    /// A caller waiting for the network fetch in flight: its handler, and whether it activates
    /// what the fetch brings (the fetch then writes the state once, with the template active).
    private struct Waiter {
        var deliver: @Sendable (FetchOutcome) -> Void
        var activates: Bool
    }

    /// What `startFetch` decided while holding the lock.
    private enum FetchDecision {
        case joined
        case throttled(until: Date)
        case usedCache
        case noServer
        case network(timeout: TimeInterval)
    }

    private let core: Locked<Core>
    private let configuration: Configuration
    /// `nil` when there is no server: fetches then never reach the network.
    private let endpoint: FetchEndpoint?
    private let file: StateFile
    private let transport: HTTPClient
    private let backoffPolicy = BackoffPolicy()
    private let callbackQueue: DispatchQueue
    private let activated = PublishSubject<RemoteConfigUpdate>()
    /// `nil` without a real-time server: `realtimeUpdates` then never sends.
    private let realtimeEndpoint: RealtimeEndpoint?
    private let realtimeSubject = PublishSubject<RemoteConfigUpdate>()
    private let realtimeFailureSubject = PublishSubject<RemoteConfigError>()
    /// The listeners of `realtimeUpdates` and the session they keep running.
    private let realtimeListeners = Locked<(count: Int, session: RealtimeSession?)>((0, nil))
    private let logLine: (@Sendable (String) -> Void)?

    /// The app's installation, which every fetch and stream identifies itself with; `nil` when
    /// there is no server.
    public let installations: FirebaseInstallations?

    /// A client with the stored state; throws `.storageCorrupted` (file left alone) or `.invalidConfiguration`.
    public init(configuration: Configuration) throws(RemoteConfigError) {
        guard !configuration.namespace.isEmpty else { throw .invalidConfiguration(reason: "the namespace must not be empty") }
        let options = configuration.options
        let servers = configuration.servers
        endpoint = try servers.map { servers throws(RemoteConfigError) in
            try FetchEndpoint(server: servers.remoteConfig, options: options, namespace: configuration.namespace)
        }
        realtimeEndpoint = try servers?.realtime.map { url throws(RemoteConfigError) in
            try RealtimeEndpoint(server: url, options: options, namespace: configuration.namespace)
        }
        // Checked now, so that a misconfigured server fails here rather than at the first fetch.
        _ = try servers.map { servers throws(RemoteConfigError) in
            try GoogleAPI.url(base: servers.installations, project: options.projectID, ["installations"])
        }
        let file = StateFile(url: configuration.storageURL)
        let stored = try file.load() ?? StoredState(firstOpenTime: configuration.now())
        let transport = configuration.trustedCertificates.map { HTTPClient(trustedCertificates: $0) } ?? HTTPClient()
        let logLine = Self.logLine(configuration)
        self.configuration = configuration
        self.file = file
        self.transport = transport
        self.logLine = logLine
        self.core = Locked(Core(stored: stored, settings: configuration.settings))
        self.callbackQueue = configuration.callbackQueue ?? DispatchQueue(label: "bistro.remote-config.callbacks")
        self.installations = servers.map { servers in
            FirebaseInstallations(
                options: options, server: servers.installations, storageURL: configuration.installationsStorageURL,
                transport: transport, requestTimeout: configuration.settings.fetchTimeout,
                maximumAnswerSize: configuration.maximumResponseSize, now: configuration.now, random: configuration.random,
                log: { logLine?($0) })
        }
    }

    /// The URL fetches go to (it holds no credentials); `nil` when there is no server.
    public var fetchURL: URL? { endpoint?.url }

    /// The end of the latest back-off, kept until a fetch succeeds; fetches are refused while it lies ahead.
    public var backoffUntil: Date? {
        core.withLock { $0.stored.backoff?.until }
    }

    /// Why the latest write of bookkeeping (fetch status, back-off, defaults) failed, if it did.
    // Config changes never need this: they are kept in memory only once written.
    public var lastPersistenceError: RemoteConfigError? {
        core.withLock { $0.persistenceError }
    }

    // MARK: Settings and bookkeeping

    /// The minimum fetch interval and the fetch timeout; not persisted, as in Firebase.
    public var configSettings: RemoteConfigSettings {
        get { core.withLock { $0.settings } }
        set { core.withLock { $0.settings = newValue } }
    }

    /// The outcome of the latest fetch that was attempted (persisted).
    public var lastFetchStatus: RemoteConfigFetchStatus {
        core.withLock { $0.stored.fetchStatus }
    }

    /// When the last successful fetch completed, by the configured clock (persisted).
    public var lastFetchTime: Date? {
        core.withLock { $0.stored.lastFetchTime }
    }

    // MARK: Fetching and activating

    /// Fetches unless the minimum interval has not passed, then activates; see the type for the statuses.
    public func fetchAndActivate(completionHandler: RemoteConfigFetchAndActivateCompletion?) {
        fetchAndActivate(expiration: nil, completionHandler: completionHandler)
    }

    /// Fetches now, whatever the minimum interval (a back-off still holds), then activates; the
    /// statuses are `fetchAndActivate`'s.
    public func fetchNowAndActivate(completionHandler: RemoteConfigFetchAndActivateCompletion?) {
        fetchAndActivate(expiration: 0, completionHandler: completionHandler)
    }

    private func fetchAndActivate(expiration: TimeInterval?, completionHandler: RemoteConfigFetchAndActivateCompletion?) {
        startFetch(expiration: expiration, fetchType: "BASE/1", activates: true) { [self] outcome in
            if case .failed(let error) = outcome {
                completionHandler?(.error, error)
                return
            }
            // Already on the callback queue: activating and answering here, rather than enqueuing
            // again, keeps handlers in the order of the calls that joined one fetch. A network
            // fetch has made its template active already, in the write that stored it.
            let (result, update) = core.withLock { activateFetched(&$0) }
            if let update { activated.onNext(update) }
            switch result {
            case .success(let activation):
                // From the server this time, or fetched earlier and made active only now.
                let fromRemote = outcome.reachedServer || activation.madeNewTemplateActive
                completionHandler?(fromRemote ? .successFetchedFromRemote : .successUsingPreFetchedData, nil)
            case .failure(let error):
                completionHandler?(.error, error)
            }
        }
    }

    /// Fetches unless the last successful fetch is younger than `expirationDuration`; activates nothing.
    public func fetch(withExpirationDuration expirationDuration: TimeInterval, completionHandler: RemoteConfigFetchCompletion?) {
        startFetch(expiration: expirationDuration, fetchType: "BASE/1", activates: false) { outcome in
            switch outcome {
            case .fetched, .usedCache:
                completionHandler?(.success, nil)
            case .failed(let error):
                if case .throttled = error {
                    completionHandler?(.throttled, error)
                } else {
                    completionHandler?(.failure, error)
                }
            }
        }
    }

    /// Makes the fetched values active; `changed` is whether any active value changed.
    public func activate(completion: RemoteConfigActivateCompletion?) {
        core.withLock { core in
            let (result, update) = activateFetched(&core)
            let activated = self.activated
            callbackQueue.async {
                if let update { activated.onNext(update) }
                switch result {
                case .success(let activation): completion?(activation.changedValues, nil)
                case .failure(let error): completion?(false, error)
                }
            }
        }
    }

    // MARK: Values

    /// The active remote value, else the default, else the empty static value.
    public func configValue(forKey key: String) -> RemoteConfigValue {
        core.withLock { core in
            if let value = core.stored.active?.entries[key] { return RemoteConfigValue(string: value, source: .remote) }
            if let value = core.stored.defaults[key] { return RemoteConfigValue(data: value, source: .default) }
            return .empty
        }
    }

    /// The value from one source only (the empty static value when it lacks the key).
    public func configValue(forKey key: String, source: RemoteConfigSource) -> RemoteConfigValue {
        core.withLock { core in
            switch source {
            case .remote: core.stored.active?.entries[key].map { RemoteConfigValue(string: $0, source: .remote) } ?? .empty
            case .default: core.stored.defaults[key].map { RemoteConfigValue(data: $0, source: .default) } ?? .empty
            case .static: .empty
            }
        }
    }

    /// The active or default keys, sorted.
    public func allKeys(from source: RemoteConfigSource) -> [String] {
        core.withLock { core in
            switch source {
            case .remote: (core.stored.active?.entries.keys).map { $0.sorted() } ?? []
            case .default: core.stored.defaults.keys.sorted()
            case .static: []
            }
        }
    }

    /// Replaces the defaults and stores them.
    public func setDefaults(_ defaults: [String: RemoteConfigDefaultValue]) {
        core.withLock { core in
            let data = defaults.mapValues(\.data)
            guard data != core.stored.defaults else { return }
            core.stored.defaults = data
            saveBookkeeping(&core)
        }
    }

    /// The default for `key`.
    public func defaultValue(forKey key: String) -> RemoteConfigValue? {
        core.withLock { $0.stored.defaults[key].map { RemoteConfigValue(data: $0, source: .default) } }
    }

    /// Every activation that changed active values, on the callback queue before that activation's handler.
    public var activations: Observable<RemoteConfigUpdate> {
        activated.asObservable()
    }

    /// Merges `customSignals` into the stored ones and writes them; every later fetch sends them.
    public func setCustomSignals(_ customSignals: [String: CustomSignalValue?]) async throws {
        try core.withLock { core throws in
            let merged = try CustomSignals.merge(customSignals, into: core.stored.customSignals ?? [:])
            guard merged != core.stored.customSignals ?? [:] else { return }
            var next = core.stored
            next.customSignals = merged.isEmpty ? nil : merged
            try file.save(next)
            core.stored = next
        }
    }

    /// The custom signals every fetch sends.
    public var customSignals: [String: String] {
        core.withLock { $0.stored.customSignals ?? [:] }
    }

    // MARK: Real-time updates

    /// Real-time updates: the first listener starts a `RealtimeSession`, the last one stops it.
    /// Updates arrive on the callback queue, in the order of the fetches that brought them; with
    /// `Configuration.activatesRealtimeUpdates` each one's template is active already.
    public var realtimeUpdates: Observable<RemoteConfigUpdate> {
        Observable.create { [self] observer in
            let subscription = realtimeSubject.subscribe(observer)
            guard realtimeEndpoint != nil else { return subscription }
            let session = realtimeListeners.withLock { listeners -> RealtimeSession? in
                listeners.count += 1
                guard listeners.count == 1 else { return nil }
                let made = makeRealtimeSession()
                listeners.session = made
                return made
            }
            session?.start()
            return Disposables.create { [self] in
                subscription.dispose()
                let stopped = realtimeListeners.withLock { listeners -> RealtimeSession? in
                    listeners.count -= 1
                    guard listeners.count == 0 else { return nil }
                    defer { listeners.session = nil }
                    return listeners.session
                }
                stopped?.stop()
            }
        }
    }

    /// Each announced version that three fetches did not bring, while listening goes on.
    public var realtimeUpdateFailures: Observable<RemoteConfigError> {
        realtimeFailureSubject.asObservable()
    }

    private func makeRealtimeSession() -> RealtimeSession {
        let subject = realtimeSubject
        let failures = realtimeFailureSubject
        return RealtimeSession(
            client: self, queue: callbackQueue, transport: transport, policy: configuration.realtimeRetry,
            now: configuration.now, random: configuration.random,
            log: { [weak self] in self?.log($0) }, emit: { subject.on($0) }, reportNotFetched: { failures.onNext($0) })
    }

    /// Builds the stream's request on a thread that may block (it may register the installation or
    /// renew its token, replacing `refusedToken`, one a server just turned away); `completion` gets
    /// the request, the time its answer's head may take and the token it carries, or why there is
    /// none. Never called without a real-time server.
    func makeRealtimeRequest(
        replacing refusedToken: String?,
        completion: @escaping @Sendable (Result<(request: HTTPRequest, timeout: TimeInterval, token: String), RemoteConfigError>) -> Void
    ) {
        guard let realtimeEndpoint, let installations else { return }
        let timeout = core.withLock { $0.settings.fetchTimeout }
        DispatchQueue.global().async { [self] in
            let installation: StoredInstallation
            do throws(RemoteConfigError) {
                installation = try installations.credentials(replacing: refusedToken, deadline: ContinuousClock.now + .seconds(timeout))
            } catch {
                completion(.failure(error))
                return
            }
            let request = core.withLock { core in
                realtimeEndpoint.request(
                    lastKnownVersion: Self.version(core.stored.fetched), fid: installation.fid,
                    installationToken: installation.authToken, etag: core.stored.etag)
            }
            completion(.success((request, timeout, installation.authToken)))
        }
    }

    /// The version of the last fetched template (0 before any): what the stream is told the client knows.
    var fetchedTemplateVersion: Int {
        core.withLock { Self.version($0.stored.fetched) }
    }

    /// Fetches now, whatever the minimum interval (a back-off still holds); gives the fetched
    /// template's version and, when the fetched values differ from the active ones, the update
    /// naming the keys that differ (Firebase's real-time listener semantics). Activates nothing
    /// unless `Configuration.activatesRealtimeUpdates` says so; then the template the fetch brings
    /// is made active in the write that stores it. `completion` runs on the callback queue.
    func fetchForRealtime(
        attempt: Int,
        completion: @escaping @Sendable (Result<(version: Int, update: RemoteConfigUpdate?), RemoteConfigError>) -> Void
    ) {
        let activates = configuration.activatesRealtimeUpdates
        startFetch(expiration: 0, fetchType: "REALTIME/\(attempt)", activates: activates) { [self] outcome in
            if case .failed(let error) = outcome {
                completion(.failure(error))
                return
            }
            let (version, update) = core.withLock { core -> (Int, RemoteConfigUpdate?) in
                guard let fetched = core.stored.fetched else { return (0, nil) }
                // What the fetch's own activation changed, else what activating would change.
                let update = outcome.activation ?? Self.update(from: core.stored.active, to: fetched)
                return (Self.version(fetched), update.updatedKeys.isEmpty ? nil : update)
            }
            completion(.success((version, update)))
        }
    }

    private static func version(_ template: RemoteTemplate?) -> Int {
        template?.templateVersion.flatMap { Int($0) } ?? 0
    }

    // MARK: Steps

    /// Decides between answering from the stored values (no server), joining the fetch in flight,
    /// refusing (back-off), answering from the cache (minimum interval) and reaching the network;
    /// `deliver` runs on the callback queue. `activates`: the caller activates what the fetch brings,
    /// so a network fetch may store its template active in the same write.
    private func startFetch(
        expiration: TimeInterval?, fetchType: String, activates: Bool, deliver: @escaping @Sendable (FetchOutcome) -> Void
    ) {
        let now = configuration.now()
        let decision: FetchDecision = core.withLock { core in
            guard endpoint != nil else {
                // A back-off guards a server that is not there, so none applies; the stored one is
                // kept for a later run with a server. Enqueued under the lock, as every other
                // answer, so handlers keep the order of the calls.
                callbackQueue.async { deliver(.usedCache) }
                return .noServer
            }
            if !core.waiters.isEmpty {
                core.waiters.append(Waiter(deliver: deliver, activates: activates))
                return .joined
            }
            if let backoff = core.stored.backoff, now < backoff.until {
                core.stored.fetchStatus = .throttled
                saveBookkeeping(&core)
                callbackQueue.async { deliver(.failed(.throttled(until: backoff.until))) }
                return .throttled(until: backoff.until)
            }
            let interval = expiration ?? core.settings.minimumFetchInterval
            // A clock set back makes the age negative: that is treated as expired, not as fresh forever.
            if let last = core.stored.lastFetchTime, case let age = now.timeIntervalSince(last), age >= 0, age < interval {
                callbackQueue.async { deliver(.usedCache) }
                return .usedCache
            }
            core.waiters = [Waiter(deliver: deliver, activates: activates)]
            return .network(timeout: core.settings.fetchTimeout)
        }
        switch decision {
        case .joined:
            log("fetch: joined the fetch in flight")
        case .throttled(let until):
            log("fetch: refused, back-off until \(until)")
        case .usedCache:
            log("fetch: minimum interval not passed, using the fetched config")
        case .noServer:
            log("fetch: no server configured, using the stored and default values")
        case .network(let timeout):
            // The whole exchange (installation, fetch, a second fetch after a refused token) has
            // one deadline: the fetch timeout. The answer goes from the exchange's thread straight
            // to the callback queue, which applies it and answers the waiters.
            let deadline = ContinuousClock.now + .seconds(timeout)
            DispatchQueue.global().async { [self] in
                networkFetch(fetchType: fetchType, deadline: deadline) { [self] answer in
                    callbackQueue.async { self.finishFetch(answer) }
                }
            }
        }
    }

    /// Sends the fetch with the installation's token, from a thread that may block (the installation
    /// may be registered or its token renewed first); when the server refuses the token (401),
    /// renews it (or registers anew) and sends the fetch once more. `completion` gets the answer on
    /// the exchange's thread.
    private func networkFetch(
        fetchType: String, deadline: ContinuousClock.Instant, refusedToken: String? = nil,
        completion: @escaping @Sendable (Result<HTTPResponse, RemoteConfigError>) -> Void
    ) {
        guard let endpoint, let installations else { return completion(.failure(.invalidConfiguration(reason: "there is no server"))) }
        let installation: StoredInstallation
        do {
            installation = try installations.credentials(replacing: refusedToken, deadline: deadline)
        } catch {
            return completion(.failure(error))
        }
        let request: HTTPRequest
        do {
            request = try core.withLock { core in
                try endpoint.request(
                    body: requestBody(core.stored, installation: installation), etag: core.stored.etag,
                    installationToken: installation.authToken, fetchType: fetchType)
            }
        } catch {
            return completion(.failure(.invalidConfiguration(reason: "the request body cannot be encoded")))
        }
        let left = deadline - ContinuousClock.now
        guard left > .zero else { return completion(.failure(.timedOut)) }
        let etag = request.header("If-None-Match")
        log("fetch: POST \(request.url.absoluteString)" + (etag.map { " If-None-Match: \($0)" } ?? ""))
        let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
        transport.send(request, timeout: seconds, maximumBodySize: configuration.maximumResponseSize) { [self] answer in
            if case .success(let response) = answer, response.statusCode == 401, refusedToken == nil {
                log("fetch: the installation's token was refused; renewing it")
                // Renewing may block on the network: not on the exchange's thread.
                DispatchQueue.global().async { [self] in
                    networkFetch(fetchType: fetchType, deadline: deadline, refusedToken: installation.authToken, completion: completion)
                }
                return
            }
            completion(answer.mapError(RemoteConfigError.init))
        }
    }

    /// Applies the answer of the network fetch in flight, all or nothing, and tells every waiter, on
    /// the callback queue. When a waiter activates, a template other than the active one is made
    /// active in the same write: the state file is written once per template.
    private func finishFetch(_ answer: Result<HTTPResponse, RemoteConfigError>) {
        let now = configuration.now()
        let random = configuration.random()
        let reply = answer.flatMap(FetchResponseParser.parse)
        let (outcome, backoff, waiters) = core.withLock { core -> (FetchOutcome, BackoffState?, [Waiter]) in
            let waiters = core.waiters
            core.waiters = []
            let outcome: FetchOutcome
            switch reply {
            case .failure(let error):
                // Installations answering 429 or 5xx is the same overloaded service behind the fetch.
                if Self.startsBackoff(error) {
                    let failures = (core.stored.backoff?.failures ?? 0) + 1
                    let delay = backoffPolicy.delay(afterFailures: failures, random: random)
                    core.stored.backoff = BackoffState(failures: failures, until: now.addingTimeInterval(delay))
                }
                core.stored.fetchStatus = .failure
                saveBookkeeping(&core)
                outcome = .failed(error)
            case .success(let reply):
                var next = core.stored
                next.lastFetchTime = now
                next.fetchStatus = .success
                next.backoff = nil
                switch reply {
                case .unchanged(let etag, let version):
                    if let etag { next.etag = etag }
                    // The same values under a newer version: the fetched template is that version now.
                    if let version, next.fetched != nil { next.fetched?.templateVersion = version }
                case .template(let template, let etag):
                    next.fetched = template
                    next.etag = etag
                }
                let activation = waiters.contains(where: \.activates) ? Self.makeFetchedActive(in: &next) : nil
                do throws(RemoteConfigError) {
                    try file.save(next)
                    core.stored = next
                    outcome = .fetched(activation: activation)
                } catch {
                    core.stored.fetchStatus = .failure
                    outcome = .failed(error)
                }
            }
            return (outcome, core.stored.backoff, waiters)
        }
        // On the callback queue already: subscribers hear an activation before any handler runs,
        // and the handlers run in the order their calls joined the fetch.
        if let activation = outcome.activation, !activation.updatedKeys.isEmpty { activated.onNext(activation) }
        for waiter in waiters { waiter.deliver(outcome) }
        switch (outcome, reply) {
        case (.failed(let error), _):
            log("fetch: failed: \(error.localizedDescription)" + (backoff.map { ", back-off until \($0.until)" } ?? ""))
        case (_, .success(.unchanged)):
            log("fetch: unchanged")
        case (_, .success(.template(let template, _))):
            log("fetch: template \(template.templateVersion ?? "-") with \(template.entries.count) entries")
        default:
            break
        }
    }

    /// Whether `error` is an answer that starts a back-off (429 or 5xx, from the fetch or Installations).
    private static func startsBackoff(_ error: RemoteConfigError) -> Bool {
        switch error {
        case .httpStatus(let status, _), .installationsRefused(let status, _): FetchResponseParser.startsBackoff(status)
        default: false
        }
    }

    /// What an activation did.
    private struct Activation {
        /// A fetched template other than the active one became active (its values may be the same).
        var madeNewTemplateActive: Bool
        /// Active values changed.
        var changedValues: Bool
    }

    /// Makes the fetched template active if it differs, writing it first; the update to announce
    /// (outside the lock) when active values changed.
    private func activateFetched(_ core: inout Core) -> (Result<Activation, RemoteConfigError>, RemoteConfigUpdate?) {
        var next = core.stored
        guard let update = Self.makeFetchedActive(in: &next) else {
            return (.success(Activation(madeNewTemplateActive: false, changedValues: false)), nil)
        }
        do throws(RemoteConfigError) {
            try file.save(next)
        } catch {
            return (.failure(error), nil)
        }
        core.stored = next
        let changed = !update.updatedKeys.isEmpty
        return (.success(Activation(madeNewTemplateActive: true, changedValues: changed)), changed ? update : nil)
    }

    /// Makes `state`'s fetched template active when another one is; the update naming the keys that
    /// changed (there may be none), or nil when nothing was made active. Writes nothing.
    private static func makeFetchedActive(in state: inout StoredState) -> RemoteConfigUpdate? {
        guard let fetched = state.fetched, fetched != state.active else { return nil }
        let update = update(from: state.active, to: fetched)
        state.active = fetched
        return update
    }

    /// What making `fetched` active in place of `active` changes.
    private static func update(from active: RemoteTemplate?, to fetched: RemoteTemplate) -> RemoteConfigUpdate {
        RemoteConfigUpdate(
            changesFrom: active?.entries ?? [:], to: fetched.entries, templateVersion: fetched.templateVersion.flatMap { Int($0) })
    }

    /// Writes bookkeeping that is kept in memory even when the write fails (a back-off must hold
    /// either way); the failure is remembered for `lastPersistenceError`.
    private func saveBookkeeping(_ core: inout Core) {
        do throws(RemoteConfigError) {
            try file.save(core.stored)
            core.persistenceError = nil
        } catch {
            core.persistenceError = error
        }
    }

    private func requestBody(_ stored: StoredState, installation: StoredInstallation) -> FetchRequestBody {
        FetchRequestBody(
            appInstanceID: installation.fid,
            appInstanceIDToken: installation.authToken,
            appID: configuration.options.googleAppID,
            countryCode: configuration.countryCode,
            languageCode: configuration.languageCode,
            platformVersion: Self.platformVersion,
            timeZone: configuration.timeZone,
            appVersion: configuration.appVersion,
            appBuild: configuration.appBuild,
            packageName: configuration.options.appIdentity.identifier,
            sdkVersion: GoogleAPI.sdkVersion,
            customSignals: stored.customSignals.flatMap { $0.isEmpty ? nil : $0 },
            firstOpenTime: stored.firstOpenTime.map { $0.formatted(.iso8601) }
        )
    }

    /// The operating system's version, as Firebase's SDKs send the phone's.
    private static let platformVersion: String = {
        let version = ProcessInfo.processInfo.operatingSystemVersion
        return "\(version.majorVersion).\(version.minorVersion).\(version.patchVersion)"
    }()

    /// Logs outside the lock (the handler is the app's code).
    private func log(_ message: String) {
        logLine?(message)
    }

    /// The configuration's log with the `remote-config: ` prefix and the API key masked should a
    /// message ever contain it (tokens are never put in a message).
    private static func logLine(_ configuration: Configuration) -> (@Sendable (String) -> Void)? {
        guard let log = configuration.log else { return nil }
        let key = configuration.options.apiKey
        return { message in
            log("remote-config: " + (key.isEmpty ? message : message.replacingOccurrences(of: key, with: "<api-key>")))
        }
    }
}
