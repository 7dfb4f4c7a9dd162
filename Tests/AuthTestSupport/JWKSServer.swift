import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport

/// `Scripts/jwks-server.py` on 127.0.0.1 with a port of its choosing, publishing a key set the test
/// controls through its `/__control/` endpoints.
public final class JWKSServer: Sendable {
    private let server: ScriptServer
    /// The server's base URL.
    public var baseURL: URL { server.baseURL }

    /// The key set URL, for the client's configuration.
    public var keySetURL: URL { baseURL.appendingPathComponent("auth/keys") }

    /// Starts the server publishing `keys`; returns once it listens.
    public init(keys: [TestKey]) throws {
        let keySet = FileManager.default.temporaryDirectory.appendingPathComponent("jwks-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: ["keys": keys.map(\.jwk)]).write(to: keySet)
        defer { try? FileManager.default.removeItem(at: keySet) }
        server = try ScriptServer(script: "jwks-server.py", arguments: ["--keys", keySet.path])
    }

    /// Stops the server and waits for it to exit: from then on the key set is unreachable.
    public func stop() {
        server.stop()
    }

    /// Publishes `keys` (replacing the set: a rotation).
    public func publish(_ keys: [TestKey]) async throws {
        try await post("keys", ["keys": keys.map(\.jwk)])
    }

    /// Publishes raw JWK objects.
    public func publish(jwks: [[String: String]]) async throws {
        try await post("keys", ["keys": jwks])
    }

    /// Answers key set requests with `status` (and `body` when given) until `serveKeys()`.
    public func answer(status: Int, body: String? = nil) async throws {
        var answer: [String: any Sendable] = ["status": status]
        if let body { answer["body"] = body }
        try await post("answer", answer)
    }

    /// Serves the key set again.
    public func serveKeys() async throws {
        try await post("answer", [:])
    }

    /// How many key set requests arrived.
    public func keySetRequestCount() async throws -> Int {
        let (data, _) = try await URLSession.shared.data(from: baseURL.appendingPathComponent("__control/requests"))
        struct Count: Decodable { let count: Int }
        return try JSONDecoder().decode(Count.self, from: data).count
    }

    private func post(_ action: String, _ body: [String: any Sendable]) async throws {
        try await server.control(action, body)
    }
}
