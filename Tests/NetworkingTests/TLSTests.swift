import Foundation
import Networking
import TestSupport
import XCTest

/// HTTPS against `Scripts/hostile-http-server.py` with a certificate made for the test by the
/// openssl command: the server's certificate must chain to a trusted authority and name the host.
final class TLSTests: XCTestCase {
    private static let directory = FileManager.default.temporaryDirectory.appendingPathComponent("NetworkingTLSTests-\(UUID().uuidString)")
    /// A server whose certificate names 127.0.0.1 and localhost, and one whose names another host.
    private static let servers = Result { () throws -> (matching: ScriptServer, other: ScriptServer) in
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try makeCertificate(named: "matching", subjectAltName: "IP:127.0.0.1,DNS:localhost")
        try makeCertificate(named: "other", subjectAltName: "DNS:other.example")
        return (try server(certificate: "matching"), try server(certificate: "other"))
    }

    override class func tearDown() {
        if let servers = try? servers.get() {
            servers.matching.stop()
            servers.other.stop()
        }
        try? FileManager.default.removeItem(at: directory)
        super.tearDown()
    }

    private func trusting(_ name: String) -> HTTPClient {
        HTTPClient(transport: .sockets, trustedCertificates: Self.directory.appendingPathComponent("\(name).pem"))
    }

    private func url(_ server: ScriptServer, _ path: String, host: String = "127.0.0.1") -> URL {
        URL(string: "https://\(host):\(server.baseURL.port!)/\(path)")!
    }

    func testAServerWithATrustedCertificateForItsAddressAnswers() throws {
        let server = try Self.servers.get().matching
        let response = try trusting("matching").exchange(HTTPRequest(url: url(server, "ok")), timeout: 10, maximumBodySize: 1024).get()
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(response.body, Data(#"{"ok": true}"#.utf8))
        let byName = try trusting("matching").exchange(
            HTTPRequest(url: url(server, "ok", host: "localhost")), timeout: 10, maximumBodySize: 1024
        ).get()
        XCTAssertEqual(byName.statusCode, 200)
    }

    func testACertificateNoTrustedAuthoritySignedIsRefused() throws {
        let server = try Self.servers.get().matching
        try assertFails(
            HTTPClient(transport: .sockets), url(server, "ok"),
            .cannotConnect(reason: "TLS failure: the server's certificate is not trusted (self-signed certificate)"))
    }

    func testACertificateForAnotherHostIsRefused() throws {
        let server = try Self.servers.get().other
        try assertFails(
            trusting("other"), url(server, "ok"),
            .cannotConnect(reason: "TLS failure: the server's certificate is not trusted (IP address mismatch)"))
        try assertFails(
            trusting("other"), url(server, "ok", host: "localhost"),
            .cannotConnect(reason: "TLS failure: the server's certificate is not trusted (hostname mismatch)"))
    }

    func testAHandshakeThatNeverCompletesEndsAtTheDeadline() throws {
        // A plain server reading the handshake as a request that never ends.
        let plain = try ScriptServer(script: "hostile-http-server.py", arguments: ["--hold", "30"])
        defer { plain.stop() }
        let started = Date()
        try assertFails(
            HTTPClient(transport: .sockets), URL(string: "https://127.0.0.1:\(plain.baseURL.port!)/ok")!, .timedOut(seconds: 1), timeout: 1)
        XCTAssertLessThan(Date().timeIntervalSince(started), 8)
    }

    func testLimitsAndBrokenAnswersHoldOverTLSToo() throws {
        let server = try Self.servers.get().matching
        try assertFails(trusting("matching"), url(server, "huge"), .responseTooLarge(limit: 64 * 1024), limit: 64 * 1024)
        try assertFails(
            trusting("matching"), url(server, "truncated"), .interrupted(reason: "the connection closed after 100 of 1000 bytes"))
        try assertFails(trusting("matching"), url(server, "trickle"), .timedOut(seconds: 1), timeout: 1)
    }

    /// The URLSession transport over TLS, as far as this platform's URLSession allows. Linux's
    /// FoundationNetworking cannot be told which authorities to trust, so a client trusting a file
    /// of its own is refused there before anything is sent (the cases above that trust the test's
    /// authority run on the sockets transport only); the system's authorities refuse the test's
    /// self-signed certificate, and a handshake that never completes ends at the deadline.
    func testTheURLSessionTransportOverTLS() throws {
        let server = try Self.servers.get().matching
        let trustingFile = HTTPClient(transport: .urlSession, trustedCertificates: Self.directory.appendingPathComponent("matching.pem"))
        #if canImport(Security)
            XCTAssertEqual(
                try trustingFile.exchange(HTTPRequest(url: url(server, "ok")), timeout: 10, maximumBodySize: 1024).get().statusCode, 200)
        #else
            try assertFails(
                trustingFile, url(server, "ok"),
                .cannotConnect(reason: "URLSession on this platform cannot be told which certificates to trust"))
        #endif
        let untrusted = try HTTPClient(transport: .urlSession).exchange(
            HTTPRequest(url: url(server, "ok")), timeout: 10, maximumBodySize: 1024)
        guard case .cannotConnect(let reason)? = untrusted.failure else { return XCTFail("\(untrusted)") }
        // The words are the platform's (libcurl's on Linux): what is checked is that TLS refused.
        XCTAssertTrue(reason.hasPrefix("TLS failure: ") && reason.contains("certificate"), reason)
        let plain = try ScriptServer(script: "hostile-http-server.py", arguments: ["--hold", "30"])
        defer { plain.stop() }
        let started = Date()
        try assertFails(
            HTTPClient(transport: .urlSession), URL(string: "https://127.0.0.1:\(plain.baseURL.port!)/ok")!, .timedOut(seconds: 1),
            timeout: 1)
        XCTAssertLessThan(Date().timeIntervalSince(started), 8)
    }

    // MARK: Support

    private func assertFails(
        _ client: HTTPClient, _ url: URL, _ expected: HTTPError, timeout: TimeInterval = 10, limit: Int = 1 << 20,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let result = try client.exchange(HTTPRequest(url: url), timeout: timeout, maximumBodySize: limit, file: file, line: line)
        XCTAssertEqual(result.failure, expected, file: file, line: line)
    }

    /// `<name>.pem` and `<name>.key`: a self-signed P-256 certificate for `subjectAltName`.
    private static func makeCertificate(named name: String, subjectAltName: String) throws {
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        openssl.arguments = [
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", directory.appendingPathComponent("\(name).key").path,
            "-out", directory.appendingPathComponent("\(name).pem").path,
            "-days", "2", "-subj", "/CN=bistro-test-\(name)", "-addext", "subjectAltName=\(subjectAltName)",
        ]
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        guard openssl.terminationStatus == 0 else { throw CertificateError() }
    }

    private static func server(certificate name: String) throws -> ScriptServer {
        try ScriptServer(
            script: "hostile-http-server.py",
            arguments: [
                "--hold", "30",
                "--tls-cert", directory.appendingPathComponent("\(name).pem").path,
                "--tls-key", directory.appendingPathComponent("\(name).key").path,
            ])
    }

    private struct CertificateError: Error {}
}
