import Foundation
import Networking
import TestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The client against `Scripts/hostile-http-server.py`, on each transport: every deadline is total
/// and honoured, every body limit enforced while the body arrives, and each failure says what happened.
final class HTTPClientTests: XCTestCase {
    private static let server = Result { try ScriptServer(script: "hostile-http-server.py", arguments: ["--hold", "30"]) }
    private var client = HTTPClient()

    /// Runs `body` with the client on each transport in turn.
    private func onEachTransport(_ body: (HTTPTransport) throws -> Void) rethrows {
        for transport in [HTTPTransport.sockets, .urlSession] {
            client = HTTPClient(transport: transport)
            try body(transport)
        }
    }

    override func setUpWithError() throws {
        // Started from a synchronous method (see below), whichever test runs first.
        _ = try Self.server.get()
    }

    override class func tearDown() {
        (try? server.get())?.stop()
        super.tearDown()
    }

    private func url(_ path: String) throws -> URL {
        try Self.server.get().baseURL.appendingPathComponent(path)
    }

    /// Sends a GET and waits (bounded) for the outcome and the time it took.
    private func get(_ path: String, timeout: TimeInterval = 10, limit: Int = 1 << 20) throws -> (
        Result<HTTPResponse, HTTPError>, TimeInterval
    ) {
        let started = Date()
        let result = try client.exchange(HTTPRequest(url: try url(path)), timeout: timeout, maximumBodySize: limit)
        return (result, Date().timeIntervalSince(started))
    }

    func testAnAnswerArrivesWhole() throws {
        try onEachTransport { transport in
            let (result, _) = try get("ok/anything")
            let response = try result.get()
            XCTAssertEqual(response.statusCode, 200)
            XCTAssertEqual(response.body, Data(#"{"ok": true}"#.utf8))
            XCTAssertEqual(response.header("content-type"), "application/json")
        }
    }

    func testAnErrorStatusIsAnAnswer() throws {
        try onEachTransport { transport in
            let (result, _) = try get("status/503")
            XCTAssertEqual(try result.get().statusCode, 503)
        }
    }

    // Tests are synchronous: a server process started from an async test inherits its thread's
    // blocked signals and would never stop.

    // The upper bounds below are the deadline plus a margin for a loaded machine: what is checked is
    // that the deadline ends the exchange, where URLSession alone waits 60 s or forever.

    func testASilentServerTimesOutAtTheDeadline() throws {
        try onEachTransport { transport in
            let (result, elapsed) = try get("silent", timeout: 1)
            XCTAssertEqual(result.failure, .timedOut(seconds: 1))
            XCTAssertLessThan(elapsed, 8)
            XCTAssertEqual(result.failure?.description, "no complete answer within 1 s")
        }
    }

    func testATricklingBodyTimesOutAtTheDeadline() throws {
        try onEachTransport { transport in
            let (result, elapsed) = try get("trickle", timeout: 1.5)
            XCTAssertEqual(result.failure, .timedOut(seconds: 1.5))
            XCTAssertLessThan(elapsed, 8)
            XCTAssertEqual(result.failure?.description, "no complete answer within 1.5 s")
        }
    }

    func testTricklingHeadersTimeOutAtTheDeadline() throws {
        try onEachTransport { transport in
            let (result, elapsed) = try get("trickle-headers", timeout: 1.5)
            XCTAssertEqual(result.failure, .timedOut(seconds: 1.5))
            XCTAssertLessThan(elapsed, 8)
        }
    }

    func testAHugeBodyIsRefusedWhileItArrivesNotAfterwards() throws {
        try onEachTransport { transport in
            let limit = 256 * 1024
            let (result, _) = try get("huge", timeout: 30, limit: limit)
            XCTAssertEqual(result.failure, .responseTooLarge(limit: limit))
            // The client stopped reading at the limit: the server got out no more than the limit and
            // what the sockets' buffers hold, far from the 100 MiB it offered. Not so on Linux's
            // URLSession, whose libcurl reads on after its delegate cancels (Docs/NETWORKING.md): there
            // only the refusal and the bytes kept (none past the limit) are the transport's to promise.
            if transport == .urlSession { return }
            let sent = try sentBytes("huge")
            XCTAssertLessThan(sent, 32 * 1024 * 1024, "the server sent \(sent) bytes")
        }
    }

    func testAnAnnouncedHugeBodyIsRefusedAtTheHeaders() throws {
        try onEachTransport { transport in
            let (result, _) = try get("huge-announced", timeout: 30, limit: 1 << 20)
            XCTAssertEqual(result.failure, .responseTooLarge(limit: 1 << 20))
            // Refused at the headers; what Linux's URLSession reads after that is its own (see above).
            if transport == .urlSession { return }
            XCTAssertLessThan(try sentBytes("huge-announced"), 32 * 1024 * 1024)
        }
    }

    func testATruncatedBodyIsABrokenAnswerNotAnUnreachableServer() throws {
        try onEachTransport { transport in
            let (result, _) = try get("truncated")
            XCTAssertEqual(result.failure, .interrupted(reason: "the connection closed after 100 of 1000 bytes"))
            XCTAssertEqual(result.failure?.description, "the answer broke off: the connection closed after 100 of 1000 bytes")
        }
    }

    func testAConnectionClosedWithoutAnAnswerSaysSo() throws {
        try onEachTransport { transport in
            let (result, _) = try get("drop")
            XCTAssertEqual(result.failure, .closedWithoutAnswer)
            XCTAssertEqual(result.failure?.description, "the server took the connection and closed it without answering")
        }
    }

    func testARefusedConnectionSaysSo() throws {
        try onEachTransport { transport in
            let url = URL(string: "http://127.0.0.1:\(unusedLocalPort())/ok")!
            XCTAssertEqual(
                try client.exchange(HTTPRequest(url: url), timeout: 10, maximumBodySize: 1024).failure,
                .cannotConnect(reason: "connection refused"))
        }
    }

    func testPlainHTTPToAnotherMachineIsNeverSent() async throws {
        for transport in [HTTPTransport.sockets, .urlSession] {
            do {
                _ = try await HTTPClient(transport: transport).send(
                    HTTPRequest(url: URL(string: "http://example.com/keys")!), timeout: 10, maximumBodySize: 1024)
                XCTFail("\(transport) sent plain HTTP to another machine")
            } catch {
                XCTAssertEqual(error, .insecureURL)
            }
        }
    }

    func testTheAsyncFormGivesTheSameAnswer() async throws {
        for transport in [HTTPTransport.sockets, .urlSession] {
            let response = try await HTTPClient(transport: transport).send(
                HTTPRequest(url: try url("ok")), timeout: 10, maximumBodySize: 1024)
            XCTAssertEqual(response.statusCode, 200, "\(transport)")
        }
    }

    private func sentBytes(_ behaviour: String) throws -> Int {
        let (result, _) = try get("__control/stats")
        let stats = try JSONSerialization.jsonObject(with: try result.get().body) as? [String: [String: Int]]
        return try XCTUnwrap(stats?[behaviour]?["sent"])
    }
}
