import Dispatch
import Foundation
import Reactive
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One of the repository's Python test servers (`Scripts/<name>`) on 127.0.0.1 with a port of its
/// choosing, driven through its `/__control/` endpoints. The servers print their address as the first
/// line once they listen.
public final class ScriptServer: Sendable {
    private let process: Process
    private let exited = DispatchSemaphore(value: 0)
    /// The server's base URL.
    public let baseURL: URL

    /// Starts `Scripts/<script>` with the extra command-line `arguments`; returns once it listens.
    public init(script: String, arguments: [String] = []) throws {
        let path = repositoryDirectory().appendingPathComponent("Scripts/\(script)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", path.path, "--host", "127.0.0.1", "--port", "0"] + arguments
        let output = Pipe()
        process.standardOutput = output
        let exited = exited
        process.terminationHandler = { _ in exited.signal() }
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
            let url = URL(string: address), url.port != nil
        else {
            process.terminate()
            throw ServerError.unexpectedOutput(text)
        }
        self.process = process
        self.baseURL = url
    }

    /// Stops the server and waits for it to exit: from then on it is unreachable.
    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        // A server started from a dispatch or task thread inherits that thread's blocked signals,
        // SIGTERM among them: if it is still there after a bounded wait, it is killed, which
        // cannot be blocked.
        if exited.wait(timeout: .now() + 5) == .timedOut { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Posts `body` to `/__control/<action>` and expects a 200.
    public func control(_ action: String, _ body: [String: any Sendable]) async throws {
        let (_, response) = try await URLSession.shared.data(for: try controlRequest(action, body))
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200, "control \(action)")
    }

    /// `control` for synchronous tests, which wait on the calling thread: the app's tests block on its
    /// child process, and an async test blocking a cooperative thread hangs.
    public func controlWaiting(_ action: String, _ body: [String: any Sendable]) throws {
        _ = try controlAnswer(action, body)
    }

    /// `controlWaiting`, giving the answer's body.
    public func controlAnswer(_ action: String, _ body: [String: any Sendable]) throws -> Data {
        let (status, data) = try exchangeWaiting(try controlRequest(action, body))
        XCTAssertEqual(status, 200, "control \(action): \(String(decoding: data, as: UTF8.self))")
        return data
    }

    /// The body of a GET of `path`, blocking until it arrives (at most 30 s).
    public func getWaiting(_ path: String) throws -> Data {
        try exchangeWaiting(URLRequest(url: baseURL.appendingPathComponent(path))).body
    }

    private func exchangeWaiting(_ request: URLRequest) throws -> (status: Int?, body: Data) {
        let received = Locked<Result<(Int?, Data), any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, response, error in
            received.withLock {
                $0 =
                    data.map { .success(((response as? HTTPURLResponse)?.statusCode, $0)) }
                    ?? .failure(error ?? URLError(.badServerResponse))
            }
            done.signal()
        }.resume()
        guard done.wait(timeout: .now() + 30) == .success else { throw URLError(.timedOut) }
        return try received.withLock { $0 }!.get()
    }

    private func controlRequest(_ action: String, _ body: [String: any Sendable]) throws -> URLRequest {
        var request = URLRequest(url: baseURL.appendingPathComponent("__control/\(action)"))
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        return request
    }

    /// Why a server could not be started.
    public enum ServerError: Error {
        /// It exited before printing its address.
        case exitedBeforeListening
        /// Its first line was not an address.
        case unexpectedOutput(String)
    }
}
