import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One address of a host, as `getaddrinfo` gave it.
struct ResolvedAddress: Sendable {
    let family: Int32
    let storage: sockaddr_storage
    let length: socklen_t
}

/// Host names to addresses within a deadline.
///
/// `getaddrinfo` has no timeout of its own (a dead name server holds it for the resolver's retries,
/// several seconds each), so it runs on a thread of its own and is abandoned when the deadline
/// passes; it finishes there in its own time.
enum Resolver {
    /// The TCP addresses of `host` (a name or an IP literal) at `port`.
    static func addresses(host: String, port: Int, deadline: Deadline) throws(HTTPError) -> [ResolvedAddress] {
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let lookup = Lookup()
        Thread.detachNewThread { lookup.finish(resolve(name, port: port)) }
        guard let result = lookup.wait(until: deadline) else { throw .timedOut(seconds: deadline.seconds) }
        return try result.get()
    }

    private static func resolve(_ host: String, port: Int) -> Result<[ResolvedAddress], HTTPError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        hints.ai_flags = AI_ADDRCONFIG
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        // The host is named: with an options file, which of several hosts it was is not obvious.
        guard status == 0, let first = list else { return .failure(.cannotConnect(reason: "the host \(host) was not found")) }
        defer { freeaddrinfo(first) }
        var addresses: [ResolvedAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            if let address = current.pointee.ai_addr, Int(current.pointee.ai_addrlen) <= MemoryLayout<sockaddr_storage>.size {
                var storage = sockaddr_storage()
                withUnsafeMutableBytes(of: &storage) { target in
                    target.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(current.pointee.ai_addrlen)))
                }
                addresses.append(ResolvedAddress(family: current.pointee.ai_family, storage: storage, length: current.pointee.ai_addrlen))
            }
            entry = current.pointee.ai_next
        }
        return addresses.isEmpty ? .failure(.cannotConnect(reason: "the host \(host) was not found")) : .success(addresses)
    }

    /// The outcome of one lookup, handed from its thread to the waiting one.
    private final class Lookup: @unchecked Sendable {  // `condition` guards `result`
        private let condition = NSCondition()
        private var result: Result<[ResolvedAddress], HTTPError>?

        func finish(_ result: Result<[ResolvedAddress], HTTPError>) {
            condition.withLock {
                self.result = result
                condition.broadcast()
            }
        }

        func wait(until deadline: Deadline) -> Result<[ResolvedAddress], HTTPError>? {
            condition.lock()
            defer { condition.unlock() }
            while result == nil {
                let left = Double(deadline.remainingMilliseconds) / 1000
                guard left > 0, condition.wait(until: Date(timeIntervalSinceNow: left)) || result != nil else { break }
            }
            return result
        }
    }
}
