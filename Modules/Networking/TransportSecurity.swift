import Foundation

/// Which URLs may be sent to: HTTPS anywhere, plain HTTP only to this machine (tests, a development
/// server). Whoever can alter an answer in transit can forge config or signing keys.
public enum TransportSecurity {
    /// Whether `url` is HTTPS, or HTTP to a loopback host (`localhost`, `127.0.0.0/8`, `::1`).
    public static func permits(_ url: URL) -> Bool {
        switch url.scheme?.lowercased() {
        case "https": url.host != nil
        case "http": isLoopback(url.host)
        default: false
        }
    }

    /// Whether `host` names this machine.
    public static func isLoopback(_ host: String?) -> Bool {
        guard let host = host?.lowercased() else { return false }
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        // 127.0.0.0/8, written as four decimal parts (a name such as 127.example.com is not loopback).
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
