import Foundation
import Networking
import Reactive
import RemoteConfigInterface

/// The live client's real-time listener while someone listens: one streaming connection to
/// `:streamFetchInvalidations` at a time, kept up for as long as it runs.
///
/// A stream the server answers with 200 resets the waits between connections, as Firebase's SDKs
/// do. When a stream ends, drops or stays silent past the idle timeout, or the server answers a
/// retryable status (408, 429, 502, 503, 504), the listener reconnects after
/// `RealtimeRetryPolicy`'s wait, which grows with failures in a row, or after the server's
/// `retryIntervalSeconds` when it sent one; it never gives up. A refused installation token (401)
/// is renewed for the next connection. `featureDisabled` and any other status end it with an error.
///
/// A message naming a version above the last fetched one starts a fetch, after a random 0–3 s
/// spread as Firebase's SDKs wait (tried again up to three times in all until the fetched template
/// reaches that version; when none does, the listeners are told, as Firebase's
/// `CONFIG_UPDATE_NOT_FETCHED`, and listening goes on). When the fetched values differ from the
/// active ones, an update names the keys that differ; the listener decides whether to activate,
/// unless the client's configuration has the fetch activate them (`activatesRealtimeUpdates`).
final class RealtimeSession: @unchecked Sendable {  // every `var` is read and written on `queue` only
    /// The client's callback queue (serial), where its fetches answer: a fetch's outcome is handled
    /// in the same turn, and an update reaches the listeners with no hand-off of its own.
    private let queue: DispatchQueue
    private weak let client: LiveRemoteConfig?
    private let transport: HTTPClient
    private let policy: RealtimeRetryPolicy
    private let random: @Sendable () -> Double
    private let now: @Sendable () -> Date
    /// Sends the listeners an update or the error that ended listening (no lock is held).
    private let emit: @Sendable (Event<RemoteConfigUpdate>) -> Void
    /// Tells the listeners of a version that could not be fetched; listening goes on.
    private let reportNotFetched: @Sendable (RemoteConfigError) -> Void
    private let log: @Sendable (String) -> Void

    private var running = false
    /// Bumped for each connection and at stop: callbacks of an older one are ignored.
    private var generation = 0
    private var connection: HTTPStreamHandle?
    private var framer = RealtimeMessageFramer()
    private var failures = 0
    /// The installation token the current connection carries, and one a server refused (renewed
    /// before the next connection).
    private var token: String?
    private var refusedToken: String?
    /// A status other than 200 and the start of its body, read to the end for Google's message.
    private var refusal: (status: Int, body: Data)?
    /// The version being fetched for; a message for it or below starts nothing more.
    private var fetchingVersion: Int?
    /// The fetched version the last update was sent for: fetches for two versions may join one
    /// request, and its template is announced once.
    private var announcedVersion: Int?
    private var serverRetryInterval: TimeInterval?

    static let retryableStatuses: Set<Int> = [408, 429, 502, 503, 504]
    private static let fetchAttempts = 3
    /// Firebase's SDKs spread the fetches of many clients told at once over this many seconds.
    private static let fetchSpread: TimeInterval = 3

    init(
        client: LiveRemoteConfig, queue: DispatchQueue, transport: HTTPClient, policy: RealtimeRetryPolicy,
        now: @escaping @Sendable () -> Date, random: @escaping @Sendable () -> Double,
        log: @escaping @Sendable (String) -> Void, emit: @escaping @Sendable (Event<RemoteConfigUpdate>) -> Void,
        reportNotFetched: @escaping @Sendable (RemoteConfigError) -> Void
    ) {
        self.client = client
        self.queue = queue
        self.transport = transport
        self.policy = policy
        self.now = now
        self.random = random
        self.log = log
        self.emit = emit
        self.reportNotFetched = reportNotFetched
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
        generation += 1
        let current = generation
        client.makeRealtimeRequest(replacing: refusedToken) { [self] result in
            queue.async { self.open(result, generation: current) }
        }
    }

    private func open(
        _ made: Result<(request: HTTPRequest, timeout: TimeInterval, token: String), RemoteConfigError>, generation current: Int
    ) {
        guard current == generation, running else { return }
        let request: HTTPRequest
        let timeout: TimeInterval
        switch made {
        case .success(let made):
            (request, timeout, token) = (made.request, made.timeout, made.token)
            refusedToken = nil
        case .failure(let error):
            // Installations refused the app itself (a wrong key, an app outside the project): no
            // wait will mend that. Anything else (the network, a busy server) is waited out.
            if case .installationsRefused(let status, _) = error, (400..<500).contains(status), status != 408, status != 429 {
                finish(with: error)
            } else {
                log("realtime: no installation token (\(error.localizedDescription)), retrying")
                reconnectAfterFailure()
            }
            return
        }
        framer = RealtimeMessageFramer()
        refusal = nil
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
            failures = 0
        } else {
            refusal = (head.statusCode, Data())
        }
    }

    private func received(_ data: Data, generation current: Int) {
        guard current == generation, running else { return }
        if let refused = refusal {
            // Only the start of an error body is kept: Google's message is near the top.
            refusal = (refused.status, refused.body + data.prefix(max(0, 64 * 1024 - refused.body.count)))
            return
        }
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
        if message.featureDisabled {
            finish(with: .realtimeDisabled)
            return
        }
        if let interval = message.retryInterval { serverRetryInterval = interval }
        guard let version = message.latestTemplateVersion, let client else { return }
        guard version > client.fetchedTemplateVersion, version > (fetchingVersion ?? 0) else { return }
        log("realtime: template version \(version) published")
        scheduleFetch(version, attempt: 1)
    }

    private func ended(_ result: Result<HTTPStreamEnd, HTTPError>, generation current: Int) {
        guard current == generation, running else { return }
        connection = nil
        if let refused = refusal {
            refusal = nil
            handleRefusal(status: refused.status, body: refused.body)
            return
        }
        switch result {
        case .success: log("realtime: the server ended the stream")
        case .failure(let error): log("realtime: the stream broke off (\(error.description))")
        }
        reconnectAfterFailure()
    }

    private func handleRefusal(status: Int, body: Data) {
        if status == 401 {
            log("realtime: the installation's token was refused; renewing it")
            refusedToken = token
            reconnectAfterFailure()
        } else if Self.retryableStatuses.contains(status) {
            log("realtime: status \(status), retrying")
            reconnectAfterFailure()
        } else {
            finish(with: .httpStatus(status, message: GoogleAPI.message(in: body)))
        }
    }

    /// Waits before the next connection: the server's interval when it sent one (which does not
    /// count as a failure), else the policy's wait for one more failure in a row (the first wait
    /// after a stream that was answered 200).
    private func reconnectAfterFailure() {
        let delay: TimeInterval
        if let interval = serverRetryInterval {
            delay = interval
            serverRetryInterval = nil
        } else {
            failures += 1
            delay = policy.delay(afterFailures: failures, random: random())
        }
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

    private func scheduleFetch(_ version: Int, attempt: Int) {
        fetchingVersion = version
        let delay = random() * Self.fetchSpread
        queue.asyncAfter(deadline: .now() + delay) { [self] in
            guard running, fetchingVersion == version, let client else { return }
            // The answer comes on `queue` (the client's callback queue).
            client.fetchForRealtime(attempt: attempt) { [self] result in
                self.fetched(result, for: version, attempt: attempt)
            }
        }
    }

    private func fetched(_ result: Result<(version: Int, update: RemoteConfigUpdate?), RemoteConfigError>, for version: Int, attempt: Int) {
        guard running else { return }
        var reached = false
        switch result {
        case .success(let fetched):
            reached = fetched.version >= version
            if reached, fetched.version > (announcedVersion ?? Int.min), let update = fetched.update {
                announcedVersion = fetched.version
                emit(.next(update))
            }
        case .failure(let error):
            log("realtime: fetching version \(version) failed: \(error.localizedDescription)")
        }
        // A later version announced meanwhile started its own fetch, which now owns the tries
        // (it may have joined this very request, and must try again if that brought an older one).
        guard fetchingVersion == version else { return }
        guard !reached, attempt < Self.fetchAttempts else {
            fetchingVersion = nil
            if !reached {
                log("realtime: version \(version) could not be fetched in \(Self.fetchAttempts) tries")
                reportNotFetched(.updateNotFetched(templateVersion: version))
            }
            return
        }
        scheduleFetch(version, attempt: attempt + 1)
    }
}
