import Foundation
import Networking
import Reactive
import TestSupport
import XCTest

/// `stream` on each transport against `Scripts/hostile-http-server.py`: the head, then the body
/// piece by piece, then one end — a cancellation, a deadline before the head, a silence between pieces.
final class StreamingTests: XCTestCase {
    private static let server = Result { try ScriptServer(script: "hostile-http-server.py", arguments: ["--hold", "30"]) }

    override func setUpWithError() throws {
        // Started from a synchronous method: a process started from a task thread would not stop.
        _ = try Self.server.get()
    }

    override class func tearDown() {
        (try? server.get())?.stop()
        super.tearDown()
    }

    /// What one stream delivered, waited for with bounds.
    private final class Delivery: Sendable {
        let state = Locked<(head: HTTPResponse?, bytes: Int, pieces: Int, end: Result<HTTPStreamEnd, HTTPError>?)>((nil, 0, 0, nil))
        let ended = DispatchSemaphore(value: 0)

        func wait(
            seconds: Double,
            until condition: @Sendable ((head: HTTPResponse?, bytes: Int, pieces: Int, end: Result<HTTPStreamEnd, HTTPError>?)) -> Bool
        ) -> Bool {
            let deadline = Date(timeIntervalSinceNow: seconds)
            while Date() < deadline {
                if state.withLock({ condition($0) }) { return true }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return state.withLock { condition($0) }
        }
    }

    private func stream(_ path: String, transport: HTTPTransport, connectTimeout: TimeInterval, idleTimeout: TimeInterval) throws
        -> (Delivery, HTTPStreamHandle)
    {
        let delivery = Delivery()
        let url = try Self.server.get().baseURL.appendingPathComponent(path)
        let handle = HTTPClient(transport: transport).stream(
            HTTPRequest(url: url), connectTimeout: connectTimeout, idleTimeout: idleTimeout,
            head: { response in delivery.state.withLock { $0.head = response } },
            body: { data in
                delivery.state.withLock {
                    $0.bytes += data.count
                    $0.pieces += 1
                }
            },
            completion: { end in
                delivery.state.withLock { $0.end = end }
                delivery.ended.signal()
            })
        return (delivery, handle)
    }

    func testPiecesArriveAsTheyComeAndACancellationEndsTheStream() throws {
        for transport in [HTTPTransport.sockets, .urlSession] {
            // One body byte a second: each arrives as a piece of its own.
            let (delivery, handle) = try stream("trickle", transport: transport, connectTimeout: 10, idleTimeout: 10)
            let pieces = delivery.wait(seconds: 10) { $0.head != nil && $0.pieces >= 2 }
            XCTAssertTrue(pieces, "\(transport): the head, then pieces as they came")
            XCTAssertEqual(delivery.state.withLock { $0.head?.statusCode }, 200)
            handle.cancel()
            XCTAssertEqual(delivery.ended.wait(timeout: .now() + 5), .success, "\(transport): cancelled within the bound")
            XCTAssertEqual(delivery.state.withLock { $0.end }, .success(.cancelled), "\(transport)")
        }
    }

    func testNoHeadWithinTheConnectTimeoutAndASilenceBetweenPiecesEndTheStream() throws {
        for transport in [HTTPTransport.sockets, .urlSession] {
            let (silent, _) = try stream("silent", transport: transport, connectTimeout: 1, idleTimeout: 10)
            XCTAssertEqual(silent.ended.wait(timeout: .now() + 10), .success, "\(transport)")
            XCTAssertEqual(silent.state.withLock { $0.end }, .failure(.timedOut(seconds: 1)), "\(transport)")
            XCTAssertNil(silent.state.withLock { $0.head })

            // A byte a second against a half-second idle timeout: the head, then the silence.
            let (trickle, _) = try stream("trickle", transport: transport, connectTimeout: 10, idleTimeout: 0.5)
            XCTAssertEqual(trickle.ended.wait(timeout: .now() + 10), .success, "\(transport)")
            XCTAssertEqual(trickle.state.withLock { $0.end }, .failure(.timedOut(seconds: 0.5)), "\(transport)")
            XCTAssertEqual(trickle.state.withLock { $0.head?.statusCode }, 200, "\(transport)")
        }
    }

    func testAStreamOfPlainHTTPToAnotherMachineIsNeverSent() throws {
        for transport in [HTTPTransport.sockets, .urlSession] {
            let delivery = Delivery()
            HTTPClient(transport: transport).stream(
                HTTPRequest(url: URL(string: "http://example.com/stream")!), connectTimeout: 5, idleTimeout: 5,
                head: { _ in XCTFail("an answer") }, body: { _ in XCTFail("a piece") },
                completion: { end in
                    delivery.state.withLock { $0.end = end }
                    delivery.ended.signal()
                })
            XCTAssertEqual(delivery.ended.wait(timeout: .now() + 5), .success)
            XCTAssertEqual(delivery.state.withLock { $0.end }, .failure(.insecureURL), "\(transport)")
        }
    }
}
