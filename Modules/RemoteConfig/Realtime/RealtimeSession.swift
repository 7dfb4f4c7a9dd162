import Foundation
import Networking
import Reactive
import RemoteConfigInterface

/// The live client's real-time listener while someone listens: one streaming connection to
/// `:streamFetchInvalidations` at a time, kept up for as long as it runs.
///
/// A dropped connection, a server restart, a silent stream or a retryable status (408, 429, 502,
/// 503, 504) reconnects after `RealtimeRetryPolicy`'s wait, which grows with failures in a row and
/// starts again after a healthy connection; it never gives up. `featureDisabled` and any other
/// status end it with an error. A message naming a version above the active one starts a fetch
/// (retried until the fetched template reaches that version, three tries), then an activation;
/// an update goes out when the activation changed values, so a version is never announced twice.
final class RealtimeSession: @unchecked Sendable { // every `var` is read and written on `queue` only
    private let queue = DispatchQueue(label: "bistro.remote-config.realtime")
    private weak let client: LiveRemoteConfig?
    private let transport: HTTPClient
    private let policy: RealtimeRetryPolicy
    private let random: @Sendable () -> Double
    private let now: @Sendable () -> Date
    /// Sends the listeners an update or the error that ended listening (no lock is held).
    private let emit: @Sendable (Event<RemoteConfigUpdate>) -> Void
    private let log: @Sendable (String) -> Void

    private var running = false
    /// Bumped for each connection and at stop: callbacks of an older one are ignored.
    private var generation = 0
    private var connection: HTTPStreamHandle?
    private var framer = RealtimeMessageFramer()
    private var failures = 0
    private var connectedAt: Date?
    private var receivedMessage = false
    /// The version being fetched for; a message for it or below starts nothing more.
    private var fetchingVersion: Int?
    private var serverRetryInterval: TimeInterval?

    static let retryableStatuses: Set<Int> = [408, 429, 502, 503, 504]
    private static let fetchAttempts = 3

    init(
        client: LiveRemoteConfig, transport: HTTPClient, policy: RealtimeRetryPolicy,
        now: @escaping @Sendable () -> Date, random: @escaping @Sendable () -> Double,
        log: @escaping @Sendable (String) -> Void, emit: @escaping @Sendable (Event<RemoteConfigUpdate>) -> Void
    ) {
        self.client = client
        self.transport = transport
        self.policy = policy
        self.now = now
        self.random = random
        self.log = log
        self.emit = emit
    }

    /// Starts listening (once).
    func start() {
        queue.async { [self] in
            guard !running else { return }
            running = true
            connect()
        }
    }

    /// Stops listening: the connection closes and nothing more is sent.
    func stop() {
        queue.async { [self] in
            running = false
            generation += 1
            connection?.cancel()
            connection = nil
        }
    }

    // MARK: Connection, on `queue`

    private func connect() {
        guard running, let client else { return }
        guard let (request, timeout) = client.realtimeRequest() else { return }
        generation += 1
        let current = generation
        framer = RealtimeMessageFramer()
        connectedAt = nil
        receivedMessage = false
        log("realtime: POST \(request.url.absoluteString)")
        connection = transport.stream(
            request, connectTimeout: timeout, idleTimeout: policy.idleTimeout,
            head: { [self] response in queue.async { self.received(response, generation: current) } },
            body: { [self] data in queue.async { self.received(data, generation: current) } },
            completion: { [self] result in queue.async { self.ended(result, generation: current) } })
    }

    private func received(_ head: HTTPResponse, generation current: Int) {
        guard current == generation, running else { return }
        if head.statusCode == 200 {
            connectedAt = now()
            return
        }
        connection?.cancel()
        generation += 1
        if Self.retryableStatuses.contains(head.statusCode) {
            log("realtime: status \(head.statusCode), retrying")
            reconnectAfterFailure()
        } else {
            finish(with: .httpStatus(head.statusCode))
        }
    }

    private func received(_ data: Data, generation current: Int) {
        guard current == generation, running else { return }
        do throws(RemoteConfigError) {
            for object in try framer.append(data) {
                try handle(RealtimeMessage(object))
                guard running, current == generation else { return }
            }
        } catch {
            log("realtime: unreadable stream (\(error.localizedDescription)), reconnecting")
            connection?.cancel()
            generation += 1
            reconnectAfterFailure()
        }
    }

    private func handle(_ message: RealtimeMessage) {
        receivedMessage = true
        if message.featureDisabled {
            finish(with: .realtimeDisabled)
            return
        }
        if let interval = message.retryInterval { serverRetryInterval = interval }
        guard let version = message.latestTemplateVersion, let client else { return }
        guard version > client.activeTemplateVersion, version > (fetchingVersion ?? 0) else { return }
        log("realtime: template version \(version) published")
        fetch(version, attempt: 1)
    }

    private func ended(_ result: Result<HTTPStreamEnd, HTTPError>, generation current: Int) {
        guard current == generation, running else { return }
        connection = nil
        let healthy = receivedMessage || connectedAt.map { now().timeIntervalSince($0) >= policy.healthyAfter } ?? false
        switch result {
        case .success: log("realtime: the server ended the stream")
        case .failure(let error): log("realtime: the stream broke off (\(error.description))")
        }
        if healthy {
            failures = 0
            connect()
        } else {
            reconnectAfterFailure()
        }
    }

    private func reconnectAfterFailure() {
        failures += 1
        let delay = serverRetryInterval ?? policy.delay(afterFailures: failures, random: random())
        serverRetryInterval = nil
        let current = generation
        queue.asyncAfter(deadline: .now() + delay) { [self] in
            guard current == generation, running else { return }
            connect()
        }
    }

    private func finish(with error: RemoteConfigError) {
        log("realtime: stopped: \(error.localizedDescription)")
        running = false
        generation += 1
        connection?.cancel()
        connection = nil
        emit(.error(error))
    }

    // MARK: Fetching a published version, on `queue`

    private func fetch(_ version: Int, attempt: Int) {
        guard running, let client else { return }
        fetchingVersion = version
        client.fetchAndActivateForRealtime { [self] result in
            queue.async { self.fetched(result, for: version, attempt: attempt) }
        }
    }

    private func fetched(_ result: Result<(version: Int?, update: RemoteConfigUpdate?), RemoteConfigError>, for version: Int, attempt: Int) {
        guard running else { return }
        var reached = false
        switch result {
        case .success(let fetched):
            if let update = fetched.update { emit(.next(update)) }
            reached = (fetched.version ?? 0) >= version
        case .failure(let error):
            log("realtime: fetching version \(version) failed: \(error.localizedDescription)")
        }
        // A later version announced meanwhile started its own fetch, which now owns the retries
        // (it may have joined this very request, and must try again if that brought an older one).
        guard fetchingVersion == version else { return }
        guard !reached, attempt < Self.fetchAttempts else {
            fetchingVersion = nil
            return
        }
        let delay = policy.delay(afterFailures: attempt, random: random())
        queue.asyncAfter(deadline: .now() + delay) { [self] in
            guard running, fetchingVersion == version else { return }
            fetch(version, attempt: attempt + 1)
        }
    }
}
