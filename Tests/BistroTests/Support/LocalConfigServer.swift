import Reactive
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// (A copy of RemoteConfigTests' helper: test targets cannot share sources without a support target.)
/// `Scripts/remote-config-server.py` running on 127.0.0.1 with a port of its choosing, driven through
/// its `/__control/` endpoints.
final class LocalConfigServer: Sendable {
    private let process: Process
    /// The server's base URL, for the client's configuration.
    let baseURL: URL

    /// Starts the server with the extra command-line `arguments`; waits until it prints its port.
    init(arguments: [String] = []) throws {
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scripts/remote-config-server.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--host", "127.0.0.1", "--port", "0"] + arguments
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

    /// Stops the server and waits for it to exit.
    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Queues responses (`["mode": "429"]`, `["mode": "update", "delay": 2]`, ...) for the next fetches.
    func script(_ responses: [[String: any Sendable]]) throws {
        try control("script", ["responses": responses])
    }

    /// Replaces the server's template; its version and ETag change.
    func setTemplate(_ entries: [String: String]) throws {
        try control("template", ["entries": entries])
    }

    // Synchronous, unlike RemoteConfigTests' copy: the app's tests are synchronous because they
    // block on the child process, and an async test blocking a cooperative thread hung here.
    private func control(_ action: String, _ body: [String: any Sendable]) throws {
        var request = URLRequest(url: baseURL.appendingPathComponent("__control/\(action)"))
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let status = Locked<Int?>(nil)
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { _, response, _ in
            status.withLock { $0 = (response as? HTTPURLResponse)?.statusCode }
            done.signal()
        }.resume()
        done.wait()
        XCTAssertEqual(status.withLock { $0 }, 200, "control \(action)")
    }

    enum ServerError: Error {
        case exitedBeforeListening
        case unexpectedOutput(String)
    }
}
