import Foundation

/// How an `HTTPClient` reaches its server.
public enum HTTPTransport: Sendable, Hashable {
    #if canImport(CLibSSL)
        /// Sockets and OpenSSL: one total deadline for every wait, the body limit enforced as the
        /// bytes arrive, nothing buffered beyond it. Linux's (and macOS's with Homebrew's OpenSSL).
        case sockets
    #endif
    /// URLSession: Apple platforms' own, with the same deadline, limit and streaming kept by its
    /// delegate; Linux's FoundationNetworking build runs it too, with the limits its tests name.
    case urlSession

    /// The platform's transport: URLSession on Apple platforms, sockets and OpenSSL elsewhere.
    public static var platformDefault: HTTPTransport {
        #if canImport(Darwin) || !canImport(CLibSSL)
            .urlSession
        #else
            .sockets
        #endif
    }
}

/// Which certificates a TLS connection trusts.
enum TrustStore: Sendable, Equatable {
    /// The system's (Debian: /etc/ssl/certs, from the ca-certificates package; the keychain's on Apple platforms).
    case system
    /// Only the PEM certificates in this file (a test's own authority).
    case file(String)
}
