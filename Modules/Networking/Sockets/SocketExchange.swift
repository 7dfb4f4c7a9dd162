#if canImport(CLibSSL)
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif
    import Foundation

    /// The sockets transport: HTTP/1.1 over a `TCPSocket` (and OpenSSL's `TLSStream` for HTTPS), every
    /// wait (name lookup, connect, TLS handshake, each read and write) ending at the deadline, the body
    /// kept only up to its limit, a connection used for one request (`Connection: close`).
    ///
    /// Written rather than URLSession on Linux, whose build there offers neither: its timeouts are idle
    /// timeouts (a server sending a byte now and then never trips them), and it reads a body as fast as
    /// the network gives it into memory whatever its delegate does, so a 100 MB body is buffered before
    /// a limit can refuse it.
    enum SocketExchange {
        /// Sends `request` on a thread of its own; `completion` runs there, by the deadline.
        static func send(
            _ request: HTTPRequest, trust: TrustStore, timeout: TimeInterval, maximumBodySize: Int,
            completion: @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void
        ) {
            let deadline = Deadline(seconds: timeout)
            let thread = Thread {
                blockBrokenPipeSignals()
                completion(
                    Result { () throws(HTTPError) in
                        try exchange(request, trust: trust, deadline: deadline, maximumBodySize: maximumBodySize)
                    })
            }
            thread.name = "bistro.http"
            thread.start()
        }

        private static func exchange(
            _ request: HTTPRequest, trust: TrustStore, deadline: Deadline, maximumBodySize: Int
        ) throws(HTTPError) -> HTTPResponse {
            let stream = try open(request, trust: trust, deadline: deadline)
            var reader = ResponseReader(stream: stream, deadline: deadline, maximumBodySize: maximumBodySize)
            return try reader.read(method: request.method.uppercased())
        }

        /// A connection to the request's server with the request sent on it, by `deadline`.
        static func open(_ request: HTTPRequest, trust: TrustStore, deadline: Deadline) throws(HTTPError) -> any ByteStream {
            let url = request.url
            guard TransportSecurity.permits(url), let host = url.host else { throw .insecureURL }
            let isSecure = url.scheme?.lowercased() == "https"
            let port = url.port ?? (isSecure ? 443 : 80)
            let addresses = try Resolver.addresses(host: host, port: port, deadline: deadline)
            let stream: any ByteStream
            do {
                let socket = try TCPSocket.connect(to: addresses, deadline: deadline)
                stream = isSecure ? try TLSStream(socket: socket, host: host, trust: trust, deadline: deadline) : socket
            } catch {
                throw connectionFailure(error, deadline: deadline)
            }
            do {
                try stream.write(serialized(request, host: host, port: port, isSecure: isSecure), deadline: deadline)
            } catch .timedOut {
                throw .timedOut(seconds: deadline.seconds)
            } catch {
                // The server closed before taking the request: it did not answer. (A server that
                // answers early and closes is read below.)
                if case .system(let code) = error, code != EPIPE, code != ECONNRESET { throw connectionFailure(error, deadline: deadline) }
            }
            return stream
        }

        /// The request on the wire: the request line, the caller's fields, then the client's own.
        private static func serialized(_ request: HTTPRequest, host: String, port: Int, isSecure: Bool) -> [UInt8] {
            var target = request.url.path(percentEncoded: true)
            if target.isEmpty { target = "/" }
            if let query = request.url.query(percentEncoded: true) { target += "?" + query }
            let defaultPort = isSecure ? 443 : 80
            let hostField = (host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host) + (port == defaultPort ? "" : ":\(port)")
            var lines = ["\(request.method.uppercased()) \(target) HTTP/1.1", "Host: \(hostField)"]
            let reserved: Set<String> = ["host", "content-length", "connection", "transfer-encoding"]
            for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) where !reserved.contains(name.lowercased()) {
                // A field may not carry a line break: that would let a value add fields of its own.
                let clean =
                    value.utf8.contains(where: { $0 == 13 || $0 == 10 })
                    ? value.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ") : value
                lines.append("\(name): \(clean)")
            }
            if request.header("user-agent") == nil { lines.append("User-Agent: Bistro") }
            if request.header("accept-encoding") == nil { lines.append("Accept-Encoding: identity") }
            if let body = request.body { lines.append("Content-Length: \(body.count)") }
            lines.append("Connection: close")
            return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + Array(request.body ?? Data())
        }

        /// A failure before the request could be sent.
        private static func connectionFailure(_ error: StreamFailure, deadline: Deadline) -> HTTPError {
            switch error {
            case .timedOut: return .timedOut(seconds: deadline.seconds)
            case .tls(let reason): return .cannotConnect(reason: "TLS failure: \(reason)")
            case .system(let code):
                switch code {
                case ECONNREFUSED: return .cannotConnect(reason: "connection refused")
                case ENETUNREACH: return .cannotConnect(reason: "the network is unreachable")
                case EHOSTUNREACH: return .cannotConnect(reason: "the host is unreachable")
                case ETIMEDOUT: return .timedOut(seconds: deadline.seconds)
                case ECONNRESET, EPIPE: return .closedWithoutAnswer
                default: return .cannotConnect(reason: String(cString: strerror(code)).lowercased())
                }
            }
        }

        /// A peer that closes while this thread writes gives EPIPE rather than a SIGPIPE that would end
        /// the process: OpenSSL writes with write(2), which has no MSG_NOSIGNAL. The signal is
        /// thread-directed, and this thread is the exchange's own.
        static func blockBrokenPipeSignals() {
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &signals, nil)
        }
    }
#endif
