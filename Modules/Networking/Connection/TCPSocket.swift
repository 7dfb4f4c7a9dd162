#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A non-blocking TCP connection whose every wait is a `poll` bounded by the deadline.
final class TCPSocket: ByteStream {
    let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Connects to the first of `addresses` that accepts, before `deadline`.
    static func connect(to addresses: [ResolvedAddress], deadline: Deadline) throws(StreamFailure) -> TCPSocket {
        var lastFailure = StreamFailure.system(ECONNREFUSED)
        for address in addresses {
            do {
                return try connect(to: address, deadline: deadline)
            } catch .timedOut {
                throw .timedOut
            } catch {
                lastFailure = error
            }
        }
        throw lastFailure
    }

    private static func connect(to address: ResolvedAddress, deadline: Deadline) throws(StreamFailure) -> TCPSocket {
        #if canImport(Glibc)
            let streamType = Int32(SOCK_STREAM.rawValue)
        #else
            let streamType = SOCK_STREAM
        #endif
        let descriptor = socket(address.family, streamType, 0)
        guard descriptor >= 0 else { throw .system(errno) }
        let connection = TCPSocket(descriptor: descriptor)
        guard fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0, fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) == 0 else {
            throw .system(errno)
        }
        var storage = address.storage
        let status = withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemConnect(descriptor, $0, address.length) }
        }
        if status != 0 {
            guard errno == EINPROGRESS else { throw .system(errno) }
            try connection.wait(for: Int16(POLLOUT), deadline: deadline)
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else { throw .system(errno) }
            guard error == 0 else { throw .system(error) }
        }
        var on: Int32 = 1
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
            // Darwin has no MSG_NOSIGNAL: the socket itself is told not to raise SIGPIPE.
            _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return connection
    }

    private static func systemConnect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
        #if canImport(Glibc)
            Glibc.connect(descriptor, address, length)
        #else
            Darwin.connect(descriptor, address, length)
        #endif
    }

    /// Waits until the socket is ready for `events` (POLLIN, POLLOUT), or the deadline passes.
    func wait(for events: Int16, deadline: Deadline) throws(StreamFailure) {
        var entry = pollfd(fd: descriptor, events: events, revents: 0)
        while true {
            let timeout = deadline.remainingMilliseconds
            if timeout == 0 { throw .timedOut }
            let ready = poll(&entry, 1, timeout)
            if ready > 0 { return }  // readable, writable, or an error or hang-up that the next call reports
            if ready == 0 { throw .timedOut }
            if errno != EINTR { throw .system(errno) }
        }
    }

    func read(maximum: Int, deadline: Deadline) throws(StreamFailure) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: maximum)
        while true {
            let count = bytes.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, maximum, 0) }
            if count >= 0 { return Array(bytes[0..<count]) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: try wait(for: Int16(POLLIN), deadline: deadline)
            default: throw .system(errno)
            }
        }
    }

    func write(_ bytes: [UInt8], deadline: Deadline) throws(StreamFailure) {
        // A peer that closed must give EPIPE, not a SIGPIPE that ends the process: MSG_NOSIGNAL on
        // Linux, SO_NOSIGPIPE (set at connect) on Darwin.
        #if os(Linux)
            let flags = Int32(MSG_NOSIGNAL)
        #else
            let flags: Int32 = 0
        #endif
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, flags) }
            if count >= 0 {
                offset += count
                continue
            }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: try wait(for: Int16(POLLOUT), deadline: deadline)
            default: throw .system(errno)
            }
        }
    }
}
