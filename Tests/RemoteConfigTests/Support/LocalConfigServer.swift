import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport

/// `Scripts/remote-config-server.py` running on 127.0.0.1 with a port of its choosing, driven through
/// its `/__control/` endpoints.
final class LocalConfigServer: Sendable {
    /// A fetch request as the server recorded it.
    struct RecordedRequest: Decodable, Sendable {
        let path: String
        let headers: [String: String]
        let mode: String
        let body: [String: String?]?

        /// A header by name, ignoring case (the server keeps the client's spelling).
        func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    private let server: ScriptServer
    /// The server's base URL, for the client's configuration.
    var baseURL: URL { server.baseURL }

    /// Starts the server with the extra command-line `arguments`; waits until it prints its port.
    init(arguments: [String] = []) throws {
        server = try ScriptServer(script: "remote-config-server.py", arguments: arguments)
    }

    /// Stops the server and waits for it to exit.
    func stop() {
        server.stop()
    }

    /// Queues responses (`["mode": "429"]`, `["mode": "update", "delay": 2]`, ...) for the next fetches.
    func script(_ responses: [[String: any Sendable]]) async throws {
        try await control("script", ["responses": responses])
    }

    /// Replaces the server's template; its version and ETag change.
    func setTemplate(_ entries: [String: String]) async throws {
        try await control("template", ["entries": entries])
    }

    /// Every fetch request received so far.
    func requests() async throws -> [RecordedRequest] {
        let (data, _) = try await URLSession.shared.data(from: baseURL.appendingPathComponent("__control/requests"))
        struct Requests: Decodable { let requests: [RecordedRequest] }
        return try JSONDecoder().decode(Requests.self, from: data).requests
    }

    private func control(_ action: String, _ body: [String: any Sendable]) async throws {
        try await server.control(action, body)
    }
}
