#if canImport(CLibSSL)
    import CLibSSL
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// TLS 1.2 or later over a `TCPSocket`, with the server's certificate checked against the trust
    /// store and the host name (or IP address) of the URL. Every wait is the socket's, so the
    /// handshake, reads and writes all end at the deadline.
    final class TLSStream: ByteStream {
        private let socket: TCPSocket
        private let context: OpaquePointer
        private let ssl: OpaquePointer

        /// Shakes hands with the server at `host` on `socket`.
        init(socket: TCPSocket, host: String, trust: TrustStore, deadline: Deadline) throws(StreamFailure) {
            // The session copies the context's settings when it is made: everything is set before SSL_new.
            guard let context = Self.makeContext(trust: trust) else { throw .tls("cannot set up TLS (\(Self.queuedReason()))") }
            guard let ssl = SSL_new(context) else {
                SSL_CTX_free(context)
                throw .tls("cannot create a TLS session")
            }
            self.socket = socket
            self.context = context
            self.ssl = ssl
            guard SSL_get_verify_mode(ssl) & SSL_VERIFY_PEER != 0 else { throw .tls("the server's certificate would not be checked") }
            let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
            if Self.isIPAddress(name) {
                guard X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), name) == 1 else { throw .tls("cannot check the address \(name)") }
            } else {
                guard clibssl_set_server_name(ssl, name) == 1, SSL_set1_host(ssl, name) == 1 else {
                    throw .tls("cannot check the name \(name)")
                }
            }
            guard SSL_set_fd(ssl, socket.descriptor) == 1 else { throw .tls("cannot attach TLS to the socket") }
            _ = try perform(deadline: deadline) { SSL_connect(ssl) }
        }

        /// A client context that checks the server's certificate against `trust`, for TLS 1.2 and later.
        private static func makeContext(trust: TrustStore) -> OpaquePointer? {
            guard let context = SSL_CTX_new(TLS_client_method()) else { return nil }
            SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
            clibssl_ignore_unexpected_eof(context)
            let loaded =
                switch trust {
                case .system: SSL_CTX_set_default_verify_paths(context) == 1
                case .file(let path): SSL_CTX_load_verify_locations(context, path, nil) == 1
                }
            guard clibssl_require_tls12(context) == 1, loaded else {
                SSL_CTX_free(context)
                return nil
            }
            return context
        }

        private static func queuedReason() -> String {
            let error = ERR_get_error()
            guard error != 0, let reason = ERR_reason_error_string(error) else { return "no reason given" }
            return String(cString: reason)
        }

        deinit {
            SSL_free(ssl)
            SSL_CTX_free(context)
        }

        func read(maximum: Int, deadline: Deadline) throws(StreamFailure) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: maximum)
            let ssl = ssl
            let count = try bytes.withUnsafeMutableBytes { buffer in
                Result { () throws(StreamFailure) in
                    try perform(deadline: deadline) { SSL_read(ssl, buffer.baseAddress, Int32(clamping: maximum)) }
                }
            }.get()
            return Array(bytes[0..<Int(count)])
        }

        func write(_ bytes: [UInt8], deadline: Deadline) throws(StreamFailure) {
            var offset = 0
            let ssl = ssl
            while offset < bytes.count {
                let written = try bytes[offset...].withUnsafeBytes { buffer in
                    Result { () throws(StreamFailure) in
                        try perform(deadline: deadline) { SSL_write(ssl, buffer.baseAddress, Int32(clamping: buffer.count)) }
                    }
                }.get()
                if written == 0 { throw .system(EPIPE) }
                offset += Int(written)
            }
        }

        /// Runs an OpenSSL call until it makes progress, waiting on the socket for what it wants;
        /// 0 when the peer closed the connection.
        private func perform(deadline: Deadline, _ operation: () -> Int32) throws(StreamFailure) -> Int32 {
            while true {
                ERR_clear_error()
                let result = operation()
                if result > 0 { return result }
                let code = SSL_get_error(ssl, result)
                switch code {
                case SSL_ERROR_WANT_READ: try socket.wait(for: Int16(POLLIN), deadline: deadline)
                case SSL_ERROR_WANT_WRITE: try socket.wait(for: Int16(POLLOUT), deadline: deadline)
                case SSL_ERROR_ZERO_RETURN: return 0
                case SSL_ERROR_SYSCALL:
                    let systemError = errno
                    guard ERR_peek_error() == 0 else { throw .tls(failureReason()) }
                    // No errno and nothing queued: the peer closed the connection.
                    if systemError == 0 { return 0 }
                    throw .system(systemError)
                default:
                    throw .tls(failureReason())
                }
            }
        }

        /// Why the handshake or a record failed: the certificate check's verdict when it failed, else
        /// OpenSSL's reason.
        private func failureReason() -> String {
            let verdict = SSL_get_verify_result(ssl)
            if verdict != X509_V_OK, let text = X509_verify_cert_error_string(verdict) {
                return "the server's certificate is not trusted (\(String(cString: text)))"
            }
            let error = ERR_get_error()
            if error != 0, let reason = ERR_reason_error_string(error) { return String(cString: reason) }
            return "the TLS session failed"
        }

        private static func isIPAddress(_ host: String) -> Bool {
            var v4 = in_addr()
            var v6 = in6_addr()
            return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
        }
    }
#endif
