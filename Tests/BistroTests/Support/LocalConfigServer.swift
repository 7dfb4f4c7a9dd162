import Foundation
import TestSupport

/// `Scripts/remote-config-server.py` running on 127.0.0.1 with a port of its choosing, driven through
/// its `/__control/` endpoints.
final class LocalConfigServer: Sendable {
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
    func script(_ responses: [[String: any Sendable]]) throws {
        try control("script", ["responses": responses])
    }

    /// Replaces the server's template; its version and ETag change.
    func setTemplate(_ entries: [String: String]) throws {
        try control("template", ["entries": entries])
    }

    // Synchronous, unlike RemoteConfigTests' server: the app's tests are synchronous because they
    // block on the child process.
    private func control(_ action: String, _ body: [String: any Sendable]) throws {
        try server.controlWaiting(action, body)
    }
}
