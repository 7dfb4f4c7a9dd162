import Foundation

/// Sends HTTP/1.1 requests and gives a complete answer or a typed error, within a total deadline
/// and a body size limit that it enforces while the answer arrives, through the platform's
/// transport (`HTTPTransport`): sockets and OpenSSL on Linux, URLSession on Apple platforms.
///
/// Either way no redirect is followed, no cookie kept, nothing cached (callers do their own ETag
/// handling), no proxy used, and plain HTTP goes to this machine only.
public struct HTTPClient: Sendable {
    /// How exchanges reach their server.
    public let transport: HTTPTransport
    let trust: TrustStore

    /// A client on the platform's transport that trusts the system's certificate authorities.
    public init() {
        self.init(transport: .platformDefault)
    }

    /// A client on the platform's transport that trusts only the certificates in the PEM file at
    /// `trustedCertificates` (a test's own authority, a private deployment's).
    public init(trustedCertificates: URL) {
        self.init(transport: .platformDefault, trustedCertificates: trustedCertificates)
    }

    /// A client on `transport`, trusting only the certificates in `trustedCertificates` when given.
    public init(transport: HTTPTransport, trustedCertificates: URL? = nil) {
        self.transport = transport
        trust = trustedCertificates.map { .file($0.path) } ?? .system
    }

    /// Sends `request`; `completion` runs once, on a thread of the exchange's own, at the latest
    /// `timeout` seconds from now (plus the time to stop). Refuses plain HTTP to another machine
    /// without sending it.
    public func send(
        _ request: HTTPRequest,
        timeout: TimeInterval,
        maximumBodySize: Int,
        completion: @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void
    ) {
        guard TransportSecurity.permits(request.url), request.url.host != nil else {
            // Not sent; the refusal still arrives off the caller's thread, as every answer does.
            DispatchQueue.global().async { completion(.failure(.insecureURL)) }
            return
        }
        switch transport {
        #if canImport(CLibSSL)
            case .sockets:
                SocketExchange.send(request, trust: trust, timeout: timeout, maximumBodySize: maximumBodySize, completion: completion)
        #endif
        case .urlSession:
            URLSessionExchange.send(request, trust: trust, timeout: timeout, maximumBodySize: maximumBodySize, completion: completion)
        }
    }

    /// Sends `request` and waits for the answer or the error (see `send(_:timeout:maximumBodySize:completion:)`).
    public func send(_ request: HTTPRequest, timeout: TimeInterval, maximumBodySize: Int) async throws(HTTPError) -> HTTPResponse {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>) in
            send(request, timeout: timeout, maximumBodySize: maximumBodySize) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }

    /// Sends `request` and blocks the calling thread until the answer or the error, for code that
    /// already runs on a thread of its own and must finish one exchange before deciding the next.
    /// Returns by the deadline, as `send(_:timeout:maximumBodySize:completion:)` does.
    public func sendAndWait(_ request: HTTPRequest, timeout: TimeInterval, maximumBodySize: Int) -> Result<HTTPResponse, HTTPError> {
        let answer = ExchangeResult()
        send(request, timeout: timeout, maximumBodySize: maximumBodySize) { answer.deliver($0) }
        return answer.wait()
    }
}

/// One exchange's result, handed from the exchange's thread to the thread waiting for it.
private final class ExchangeResult: @unchecked Sendable {  // `result` is only touched under `lock`
    private let lock = NSLock()
    private let ready = DispatchSemaphore(value: 0)
    private var result: Result<HTTPResponse, HTTPError>?

    func deliver(_ result: Result<HTTPResponse, HTTPError>) {
        lock.withLock { self.result = result }
        ready.signal()
    }

    func wait() -> Result<HTTPResponse, HTTPError> {
        ready.wait()
        return lock.withLock { result! }
    }
}
