import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// `Scripts/jwks-server.py` on 127.0.0.1 with a port of its choosing, publishing a key set the test
/// controls through its `/__control/` endpoints.
public final class JWKSServer: Sendable {
    private let process: Process
    /// The server's base URL.
    public let baseURL: URL

    /// The key set URL, for the client's configuration.
    public var keySetURL: URL { baseURL.appendingPathComponent("auth/keys") }

    /// Starts the server publishing `keys`; returns once it listens.
    public init(keys: [TestKey]) throws {
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scripts/jwks-server.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let keySet = FileManager.default.temporaryDirectory.appendingPathComponent("jwks-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: ["keys": keys.map(\.jwk)]).write(to: keySet)
        defer { try? FileManager.default.removeItem(at: keySet) }
        process.arguments = ["python3", script.path, "--host", "127.0.0.1", "--port", "0", "--keys", keySet.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // The first line names the port; reading blocks only until the server has bound its socket.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty {
                process.terminate()
                throw ServerError.exitedBeforeListening
            }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let address = text.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines),
              let url = URL(string: address), url.port != nil else {
            process.terminate()
            throw ServerError.unexpectedOutput(text)
        }
        self.process = process
        self.baseURL = url
    }

    /// Stops the server and waits for it to exit: from then on the key set is unreachable.
    public func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
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
        var request = URLRequest(url: baseURL.appendingPathComponent("__control/\(action)"))
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (_, response) = try await URLSession.shared.data(for: request)
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200, "control \(action)")
    }

    public enum ServerError: Error {
        case exitedBeforeListening
        case unexpectedOutput(String)
    }
}
