import Foundation
import Networking
import Reactive
import RemoteConfigInterface

/// The live remote config: Firebase Remote Config's REST fetch protocol over `HTTPClient`, with fetched,
/// active and default values and the fetch bookkeeping kept in one atomically written file.
///
/// Statuses are stricter than Firebase's: `fetchAndActivate` reports `.successFetchedFromRemote` only
/// when its activation changed an active value, `.successUsingPreFetchedData` when nothing changed
/// (the minimum interval had not passed, the server said NO_CHANGE or 304, or it sent the same
/// values), and `.error` with a `RemoteConfigError` otherwise, leaving fetched and active values as
/// they were. After a 429 or 5xx, fetches pause (2 minutes doubling to 4 hours, with jitter).
///
/// With no server (`Configuration.offline(storageURL:)`, or a `nil` `baseURL`) no fetch reaches the
/// network: each answers as a fetch within the minimum interval does, from the stored and default
/// values, and leaves `lastFetchStatus` and `lastFetchTime` as they were.
///
/// Thread-safe: all mutable state sits in `core`, one `Locked` (a pthread mutex). Handlers and
/// `configUpdates` run on the serial callback queue, enqueued while the lock is held, so they arrive in
/// the order the state changed.
public final class LiveRemoteConfig: RemoteConfigProtocol {
    private struct Core {
        var stored: StoredState
        var settings: RemoteConfigSettings
        /// The handlers waiting for the network fetch in flight; empty when none runs, so a second
        /// caller joins the running fetch instead of starting another.
        var waiters: [@Sendable (FetchOutcome) -> Void] = []
        var persistenceError: RemoteConfigError?
    }

    /// What `startFetch` decided while holding the lock.
    private enum FetchDecision {
        case joined
        case throttled(until: Date)
        case usedCache
        case noServer
        case network(HTTPRequest?, timeout: TimeInterval)
    }

    private let core: Locked<Core>
    private let configuration: Configuration
    /// `nil` when there is no server: fetches then never reach the network.
    private let endpoint: FetchEndpoint?
    private let file: StateFile
    private let transport: HTTPClient
    private let backoffPolicy = BackoffPolicy()
    private let callbackQueue: DispatchQueue
    private let updates = PublishSubject<RemoteConfigUpdate>()
    /// `nil` without a real-time server: `realtimeUpdates` then never sends.
    private let realtimeEndpoint: RealtimeEndpoint?
    private let realtimeSubject = PublishSubject<RemoteConfigUpdate>()
    /// The listeners of `realtimeUpdates` and the session they keep running.
    private let realtimeListeners = Locked<(count: Int, session: RealtimeSession?)>((0, nil))

    /// A client with the stored state; throws `.storageCorrupted` (file left alone) or `.invalidConfiguration`.
    public init(configuration: Configuration) throws(RemoteConfigError) {
        let endpoint = try configuration.baseURL.map { baseURL throws(RemoteConfigError) in
            try FetchEndpoint(baseURL: baseURL, configuration: configuration)
        }
        realtimeEndpoint = try configuration.baseURL.flatMap { _ in configuration.realtimeBaseURL }.map { url throws(RemoteConfigError) in
            try RealtimeEndpoint(baseURL: url, configuration: configuration)
        }
        let file = StateFile(url: configuration.storageURL)
        var stored = try file.load() ?? StoredState(appInstanceID: UUID().uuidString.lowercased())
        if let appInstanceID = configuration.appInstanceID { stored.appInstanceID = appInstanceID }
        self.configuration = configuration
        self.endpoint = endpoint
        self.file = file
        self.core = Locked(Core(stored: stored, settings: configuration.settings))
        self.callbackQueue = configuration.callbackQueue ?? DispatchQueue(label: "bistro.remote-config.callbacks")
        self.transport = configuration.trustedCertificates.map { HTTPClient(trustedCertificates: $0) } ?? HTTPClient()
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
        startFetch(expiration: nil) { [self] outcome in
            if case .failed(let error) = outcome {
                completionHandler?(.error, error)
                return
            }
            // Already on the callback queue: activating and answering here, rather than enqueuing
            // again, keeps handlers in the order of the calls that joined one fetch.
            let (result, update) = core.withLock { activateFetched(&$0) }
            if let update { updates.onNext(update) }
            switch result {
            case .success(true): completionHandler?(.successFetchedFromRemote, nil)
            case .success(false): completionHandler?(.successUsingPreFetchedData, nil)
            case .failure(let error): completionHandler?(.error, error)
            }
        }
    }

    /// Fetches unless the last successful fetch is younger than `expirationDuration`; activates nothing.
    public func fetch(withExpirationDuration expirationDuration: TimeInterval, completionHandler: RemoteConfigFetchCompletion?) {
        startFetch(expiration: expirationDuration) { outcome in
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
            let updates = self.updates
            callbackQueue.async {
                if let update { updates.onNext(update) }
                switch result {
                case .success(let changed): completion?(changed, nil)
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
    public var configUpdates: Observable<RemoteConfigUpdate> {
        updates.asObservable()
    }

    // MARK: Real-time updates

    /// Real-time updates: the first listener starts a `RealtimeSession`, the last one stops it.
    /// Updates arrive on the session's queue, in the order of the activations.
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

    private func makeRealtimeSession() -> RealtimeSession {
        let subject = realtimeSubject
        return RealtimeSession(
            client: self, transport: transport, policy: configuration.realtimeRetry,
            now: configuration.now, random: configuration.random,
            log: { [weak self] in self?.log($0) }, emit: { subject.on($0) })
    }

    /// The stream's request (from the active template's version and the stored ETag) and the time
    /// its answer's head may take; `nil` without a real-time server.
    func realtimeRequest() -> (HTTPRequest, TimeInterval)? {
        guard let realtimeEndpoint else { return nil }
        return core.withLock { core in
            let request = realtimeEndpoint.request(
                lastKnownVersion: Self.version(core.stored.active), appInstanceID: core.stored.appInstanceID,
                etag: core.stored.etag, installationToken: configuration.installationAuthToken)
            return (request, core.settings.fetchTimeout)
        }
    }

    /// The active template's version (0 before any).
    var activeTemplateVersion: Int {
        core.withLock { Self.version($0.stored.active) }
    }

    /// Fetches now, whatever the minimum interval (a back-off still holds), and activates; gives the
    /// fetched template's version and the update the activation made, if it changed values.
    func fetchAndActivateForRealtime(
        completion: @escaping @Sendable (Result<(version: Int?, update: RemoteConfigUpdate?), RemoteConfigError>) -> Void
    ) {
        startFetch(expiration: 0) { [self] outcome in
            if case .failed(let error) = outcome {
                completion(.failure(error))
                return
            }
            let (result, update, version) = core.withLock { core in
                let (result, update) = activateFetched(&core)
                return (result, update, core.stored.fetched.map(Self.version))
            }
            if let update { updates.onNext(update) }
            completion(result.map { _ in (version, update) })
        }
    }

    private static func version(_ template: RemoteTemplate?) -> Int {
        template?.templateVersion.flatMap { Int($0) } ?? 0
    }

    // MARK: Steps

    /// Decides between answering from the stored values (no server), joining the fetch in flight,
    /// refusing (back-off), answering from the cache (minimum interval) and reaching the network;
    /// `deliver` runs on the callback queue.
    private func startFetch(expiration: TimeInterval?, deliver: @escaping @Sendable (FetchOutcome) -> Void) {
        let now = configuration.now()
        let decision: FetchDecision = core.withLock { core in
            guard let endpoint else {
                // A back-off guards a server that is not there, so none applies; the stored one is
                // kept for a later run with a server. Enqueued under the lock, as every other
                // answer, so handlers keep the order of the calls.
                callbackQueue.async { deliver(.usedCache) }
                return .noServer
            }
            if !core.waiters.isEmpty {
                core.waiters.append(deliver)
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
            core.waiters = [deliver]
            let timeout = core.settings.fetchTimeout
            let request = try? endpoint.request(
                body: requestBody(core.stored),
                etag: core.stored.etag,
                installationToken: configuration.installationAuthToken
            )
            return .network(request, timeout: timeout)
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
        case .network(let request, let timeout):
            guard let request else {
                finishFetch(.failure(.invalidConfiguration(reason: "the request body cannot be encoded")))
                return
            }
            let etag = request.header("If-None-Match")
            log("fetch: POST \(request.url.absoluteString)" + (etag.map { " If-None-Match: \($0)" } ?? ""))
            transport.send(request, timeout: timeout, maximumBodySize: configuration.maximumResponseSize) { [self] result in
                finishFetch(result.mapError(RemoteConfigError.init))
            }
        }
    }

    /// Applies the answer of the network fetch in flight, all or nothing, and tells every waiter.
    private func finishFetch(_ answer: Result<HTTPResponse, RemoteConfigError>) {
        let now = configuration.now()
        let random = configuration.random()
        let reply = answer.flatMap(FetchResponseParser.parse)
        let (outcome, backoff) = core.withLock { core -> (FetchOutcome, BackoffState?) in
            let waiters = core.waiters
            core.waiters = []
            let outcome: FetchOutcome
            switch reply {
            case .failure(let error):
                if case .httpStatus(let status) = error, FetchResponseParser.startsBackoff(status) {
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
                case .unchanged(let etag):
                    if let etag { next.etag = etag }
                case .template(let template, let etag):
                    next.fetched = template
                    next.etag = etag
                }
                do throws(RemoteConfigError) {
                    try file.save(next)
                    core.stored = next
                    outcome = .fetched
                } catch {
                    core.stored.fetchStatus = .failure
                    outcome = .failed(error)
                }
            }
            for waiter in waiters {
                callbackQueue.async { waiter(outcome) }
            }
            return (outcome, core.stored.backoff)
        }
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

    /// Makes the fetched template active if it differs, writing it first; the update to announce
    /// (outside the lock) when active values changed.
    private func activateFetched(_ core: inout Core) -> (Result<Bool, RemoteConfigError>, RemoteConfigUpdate?) {
        guard let fetched = core.stored.fetched, fetched != core.stored.active else { return (.success(false), nil) }
        let update = RemoteConfigUpdate(
            changesFrom: core.stored.active?.entries ?? [:], to: fetched.entries,
            templateVersion: fetched.templateVersion.flatMap { Int($0) })
        var next = core.stored
        next.active = fetched
        do throws(RemoteConfigError) {
            try file.save(next)
        } catch {
            return (.failure(error), nil)
        }
        core.stored = next
        return update.updatedKeys.isEmpty ? (.success(false), nil) : (.success(true), update)
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

    private func requestBody(_ stored: StoredState) -> FetchRequestBody {
        FetchRequestBody(
            appInstanceID: stored.appInstanceID,
            appInstanceIDToken: configuration.installationAuthToken ?? "",
            appID: configuration.appID,
            appVersion: configuration.appVersion,
            packageName: configuration.packageName,
            languageCode: configuration.languageCode,
            timeZone: configuration.timeZone,
            sdkVersion: FetchEndpoint.sdkVersion
        )
    }

    /// Logs outside the lock (the handler is the app's code), with the API key masked should a message
    /// ever contain it.
    private func log(_ message: String) {
        guard let log = configuration.log else { return }
        let key = configuration.apiKey
        log("remote-config: " + (key.isEmpty ? message : message.replacingOccurrences(of: key, with: "<api-key>")))
    }
}
