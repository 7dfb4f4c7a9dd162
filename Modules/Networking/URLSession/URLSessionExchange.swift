import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Security)
    import Security
#endif

/// The URLSession transport: one exchange on an ephemeral session of its own, its delegate keeping
/// the promises the sockets transport keeps — a total deadline (URLSession's own timeouts are idle
/// timeouts, so a timer of the exchange's cancels it), the body limit checked as the answer
/// announces its length and as each piece arrives, no redirect followed, nothing cached or kept.
///
/// What Linux's FoundationNetworking build cannot do, it says (the tests name each case): it cannot
/// be told which certificates to trust, and it may read ahead of the delegate, so a body refused at
/// its limit may have arrived in part beyond it.
final class URLSessionExchange: NSObject, URLSessionDataDelegate, @unchecked Sendable {  // every `var` is only touched under `lock`
    private enum Mode {
        /// A whole answer of at most `maximumBodySize` bytes, by one deadline.
        case whole(maximumBodySize: Int, completion: @Sendable (Result<HTTPResponse, HTTPError>) -> Void)
        /// An answer handed over as it arrives, each piece within `idleTimeout` of the one before.
        case streaming(
            idleTimeout: TimeInterval, head: @Sendable (HTTPResponse) -> Void, body: @Sendable (Data) -> Void,
            completion: @Sendable (Result<HTTPStreamEnd, HTTPError>) -> Void)
    }

    private let mode: Mode
    private let trust: TrustStore
    private let lock = NSLock()
    private var session: URLSession?
    private var task: URLSessionDataTask?
    private var response: HTTPURLResponse?
    private var body = Data()
    private var receivedCount = 0
    private var ended = false
    /// Why this side ended the exchange (a deadline, the limit), reported instead of URLSession's cancellation.
    private var ending: HTTPError?
    private var cancelledByCaller = false
    /// Bumped each time the deadline is set again: a timer of an older deadline does nothing.
    private var deadlineGeneration = 0
    private static let timers = DispatchQueue(label: "bistro.http.urlsession.deadlines")

    private init(mode: Mode, trust: TrustStore) {
        self.mode = mode
        self.trust = trust
    }

    /// Sends `request` for a whole answer; `completion` runs once, by the deadline.
    static func send(
        _ request: HTTPRequest, trust: TrustStore, timeout: TimeInterval, maximumBodySize: Int,
        completion: @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void
    ) {
        URLSessionExchange(mode: .whole(maximumBodySize: maximumBodySize, completion: completion), trust: trust)
            .start(request, deadline: timeout)
    }

    /// Sends `request` and hands its answer over as it arrives, until it ends or `handle` is cancelled.
    static func stream(
        _ request: HTTPRequest, trust: TrustStore, handle: HTTPStreamHandle, connectTimeout: TimeInterval, idleTimeout: TimeInterval,
        head: @escaping @Sendable (HTTPResponse) -> Void, body: @escaping @Sendable (Data) -> Void,
        completion: @escaping @Sendable (Result<HTTPStreamEnd, HTTPError>) -> Void
    ) {
        let exchange = URLSessionExchange(
            mode: .streaming(idleTimeout: idleTimeout, head: head, body: body, completion: completion), trust: trust)
        exchange.start(request, deadline: connectTimeout)
        handle.whenCancelled { [exchange] in exchange.cancelByCaller() }
    }

    // MARK: Starting and ending

    private func start(_ request: HTTPRequest, deadline seconds: TimeInterval) {
        #if !canImport(Security)
            if case .file = trust, request.url.scheme?.lowercased() == "https" {
                finish(failing: .cannotConnect(reason: "URLSession on this platform cannot be told which certificates to trust"))
                return
            }
        #endif
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        // The exchange's own timer ends it first; these only keep URLSession from giving up sooner.
        configuration.timeoutIntervalForRequest = seconds + 60
        configuration.timeoutIntervalForResource = seconds + 60
        #if canImport(Darwin)
            configuration.connectionProxyDictionary = [:]
        #endif
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        // The session keeps its delegate until it is invalidated at the end.
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.uppercased()
        for (name, value) in request.headers {
            // A field may not carry a line break: that would let a value add fields of its own.
            urlRequest.setValue(
                value.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " "), forHTTPHeaderField: name)
        }
        if request.header("accept-encoding") == nil { urlRequest.setValue("identity", forHTTPHeaderField: "Accept-Encoding") }
        urlRequest.httpBody = request.body
        let task = session.dataTask(with: urlRequest)
        lock.withLock {
            self.session = session
            self.task = task
        }
        setDeadline(seconds, ending: .timedOut(seconds: seconds))
        task.resume()
    }

    /// Ends the exchange at `seconds` from now with `ending`, unless a later call sets another deadline.
    private func setDeadline(_ seconds: TimeInterval, ending: HTTPError) {
        let generation = lock.withLock { () -> Int in
            deadlineGeneration += 1
            return deadlineGeneration
        }
        Self.timers.asyncAfter(deadline: .now() + seconds) { [weak self] in
            self?.end(with: ending, ifDeadline: generation)
        }
    }

    /// Cancels the task, to be reported as `error` (a deadline of `generation`, when given, only if
    /// no later one replaced it).
    private func end(with error: HTTPError, ifDeadline generation: Int? = nil) {
        let task = lock.withLock { () -> URLSessionDataTask? in
            if ended || ending != nil { return nil }
            if let generation, generation != deadlineGeneration { return nil }
            ending = error
            return self.task
        }
        task?.cancel()
    }

    private func cancelByCaller() {
        let task = lock.withLock { () -> URLSessionDataTask? in
            if ended { return nil }
            cancelledByCaller = true
            return self.task
        }
        task?.cancel()
    }

    private func finish(failing error: HTTPError) {
        lock.withLock { ending = error }
        finish(urlError: nil)
    }

    /// Reports the outcome once, outside the lock, and lets the session go.
    private func finish(urlError: Error?) {
        let state = lock.withLock { () -> (HTTPURLResponse?, Data, Int, HTTPError?, Bool, URLSession?)? in
            if ended { return nil }
            ended = true
            deadlineGeneration += 1
            defer { session = nil }
            return (response, body, receivedCount, ending, cancelledByCaller, session)
        }
        guard let (response, body, received, ending, cancelledByCaller, session) = state else { return }
        session?.finishTasksAndInvalidate()
        switch mode {
        case .whole(_, let completion):
            if let ending {
                completion(.failure(ending))
            } else if let urlError {
                completion(.failure(Self.failure(urlError, response: response, received: received)))
            } else if let response {
                completion(.success(HTTPResponse(statusCode: response.statusCode, headers: Self.headers(of: response), body: body)))
            } else {
                completion(.failure(.closedWithoutAnswer))
            }
        case .streaming(_, _, _, let completion):
            if cancelledByCaller {
                completion(.success(.cancelled))
            } else if let ending {
                completion(.failure(ending))
            } else if let urlError {
                completion(.failure(Self.failure(urlError, response: response, received: received)))
            } else {
                completion(.success(.finished))
            }
        }
    }

    // MARK: URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            end(with: .invalidResponse(reason: "the answer is not HTTP"))
            completionHandler(.cancel)
            return
        }
        lock.withLock { self.response = http }
        switch mode {
        case .whole(let limit, _):
            // A length announced past the limit is refused before the body is read.
            if http.expectedContentLength > Int64(limit) {
                end(with: .responseTooLarge(limit: limit))
                completionHandler(.cancel)
                return
            }
        case .streaming(let idleTimeout, let head, _, _):
            setDeadline(idleTimeout, ending: .timedOut(seconds: idleTimeout))
            head(HTTPResponse(statusCode: http.statusCode, headers: Self.headers(of: http)))
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        switch mode {
        case .whole(let limit, _):
            let tooLarge = lock.withLock { () -> Bool in
                receivedCount += data.count
                guard receivedCount <= limit else { return true }
                body.append(data)
                return false
            }
            if tooLarge { end(with: .responseTooLarge(limit: limit)) }
        case .streaming(let idleTimeout, _, let piece, _):
            let live = lock.withLock { () -> Bool in
                receivedCount += data.count
                return !ended && !cancelledByCaller && ending == nil
            }
            guard live else { return }
            setDeadline(idleTimeout, ending: .timedOut(seconds: idleTimeout))
            piece(data)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        finish(urlError: error)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        // No redirect is followed: the redirection is the answer.
        completionHandler(nil)
    }

    #if canImport(Security)
        func urlSession(
            _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
            completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
                case .file(let path) = trust, let serverTrust = challenge.protectionSpace.serverTrust
            else {
                completionHandler(.performDefaultHandling, nil)
                return
            }
            // Only the file's authorities: the system's are not consulted.
            let anchors = Self.certificates(inPEMFile: path)
            SecTrustSetAnchorCertificates(serverTrust, anchors as CFArray)
            SecTrustSetAnchorCertificatesOnly(serverTrust, true)
            if !anchors.isEmpty, SecTrustEvaluateWithError(serverTrust, nil) {
                completionHandler(.useCredential, URLCredential(trust: serverTrust))
            } else {
                completionHandler(.cancelAuthenticationChallenge, nil)
            }
        }

        /// The certificates of a PEM file (each `BEGIN CERTIFICATE` block's DER).
        private static func certificates(inPEMFile path: String) -> [SecCertificate] {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
            return text.components(separatedBy: "-----BEGIN CERTIFICATE-----").dropFirst().compactMap { block in
                guard let end = block.range(of: "-----END CERTIFICATE-----") else { return nil }
                let base64 = block[..<end.lowerBound].filter { !$0.isWhitespace }
                guard let der = Data(base64Encoded: String(base64)) else { return nil }
                return SecCertificateCreateWithData(nil, der as CFData)
            }
        }
    #endif

    // MARK: Reading URLSession's answers

    private static func headers(of response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            headers[String(describing: name)] = String(describing: value)
        }
        return headers
    }

    /// URLSession's error as the client's: before an answer began, it could not connect; after,
    /// the answer broke off (with how much of an announced length arrived).
    private static func failure(_ error: Error, response: HTTPURLResponse?, received: Int) -> HTTPError {
        let code = (error as? URLError)?.code
        if let response {
            if code == .timedOut { return .interrupted(reason: "the server stopped sending") }
            let expected = response.expectedContentLength
            if expected > 0, Int64(received) < expected {
                return .interrupted(reason: "the connection closed after \(received) of \(expected) bytes")
            }
            return .interrupted(reason: "the connection broke off")
        }
        switch code {
        case .cannotConnectToHost?: return .cannotConnect(reason: "connection refused")
        case .cannotFindHost?, .dnsLookupFailed?:
            let host = ((error as? URLError)?.failingURL?.host).map { " \($0)" } ?? ""
            return .cannotConnect(reason: "the host\(host) was not found")
        case .notConnectedToInternet?: return .cannotConnect(reason: "the network is unreachable")
        case .networkConnectionLost?, .badServerResponse?, .zeroByteResource?:
            return .closedWithoutAnswer
        default:
            let description = (error as NSError).localizedDescription.lowercased()
            let tls: Set<URLError.Code> = [
                .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
                .serverCertificateHasUnknownRoot, .cancelled,
            ]
            // Linux's URLSession reports libcurl's TLS failures under other codes, in its words.
            if let code, tls.contains(code) || ["ssl", "tls", "certificate"].contains(where: description.contains) {
                return .cannotConnect(reason: "TLS failure: \(description)")
            }
            return .cannotConnect(reason: description)
        }
    }
}
