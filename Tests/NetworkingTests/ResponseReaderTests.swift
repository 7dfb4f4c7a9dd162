import Foundation
import XCTest

@testable import Networking

/// The reader against answers cut into reads of every size, as a network delivers them.
final class ResponseReaderTests: XCTestCase {
    /// A stream that hands out `bytes` in reads whose sizes follow a fixed pseudo-random sequence.
    private final class ScriptedStream: ByteStream {
        private let bytes: [UInt8]
        private var offset = 0
        private var state: UInt64

        init(_ bytes: [UInt8], seed: UInt64) {
            self.bytes = bytes
            state = seed
        }

        func read(maximum: Int, deadline: Deadline) throws(StreamFailure) -> [UInt8] {
            guard offset < bytes.count else { return [] }
            // xorshift: reads from 1 byte to 48 KiB, small ones often, so lines and CRLFs split.
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            let size = state % 4 == 0 ? Int(state >> 8 % 49_152) % 49_152 + 1 : Int(state % 7) + 1
            let count = min(size, maximum, bytes.count - offset)
            defer { offset += count }
            return Array(bytes[offset..<(offset + count)])
        }

        func write(_ bytes: [UInt8], deadline: Deadline) throws(StreamFailure) {}
    }

    private func read(_ answer: String, body: [UInt8] = [], limit: Int = 4 << 20, seed: UInt64) throws(HTTPError) -> HTTPResponse {
        var reader = ResponseReader(
            stream: ScriptedStream(Array(answer.utf8) + body, seed: seed), deadline: Deadline(seconds: 10), maximumBodySize: limit)
        return try reader.read(method: "GET")
    }

    /// A chunked answer of `chunks` chunks of `size` bytes, each byte its chunk's number.
    private func chunked(_ chunks: Int, of size: Int) -> (head: String, body: [UInt8], expected: Data) {
        var body: [UInt8] = []
        var expected = Data()
        for index in 0..<chunks {
            let data = [UInt8](repeating: UInt8(index % 251), count: size)
            body += Array("\(String(size, radix: 16));ext=1\r\n".utf8) + data + [13, 10]
            expected += data
        }
        body += Array("0\r\nTrailer: x\r\n\r\n".utf8)
        return ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", body, expected)
    }

    func testAChunkedBodyInReadsOfEverySizeIsDecodedWhole() throws {
        let (head, body, expected) = chunked(40, of: 10_000)
        for seed in 1...40 as ClosedRange<UInt64> {
            XCTAssertEqual(try read(head, body: body, seed: seed).body, expected, "seed \(seed)")
        }
    }

    func testAChunkedBodyPastTheLimitIsTooLargeInReadsOfEverySize() {
        let (head, body, _) = chunked(32, of: 64 * 1024)
        for seed in 1...40 as ClosedRange<UInt64> {
            XCTAssertThrowsError(try read(head, body: body, limit: 1 << 20, seed: seed), "seed \(seed)") {
                XCTAssertEqual($0 as? HTTPError, .responseTooLarge(limit: 1 << 20))
            }
        }
    }

    func testHeadersAndALengthBodyInReadsOfEverySize() throws {
        let body = [UInt8]((0..<300_000).map { UInt8($0 % 256) })
        let head =
            "HTTP/1.1 200 OK\r\nETag: \"v1\"\r\nX-Long: \(String(repeating: "a", count: 20_000))\r\nContent-Length: \(body.count)\r\n\r\n"
        for seed in 1...20 as ClosedRange<UInt64> {
            let response = try read(head, body: body, seed: seed)
            XCTAssertEqual(response.header("etag"), "\"v1\"")
            XCTAssertEqual(response.body, Data(body), "seed \(seed)")
        }
    }

    func testInformationalAnswersAreSkippedAndRepeatedFieldsJoined() throws {
        let response = try read(
            "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nVary: a\r\nVary: b\r\nContent-Length: 2\r\n\r\nok", seed: 3)
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(response.header("vary"), "a, b")
        XCTAssertEqual(response.body, Data("ok".utf8))
    }

    func testAnswersThatAreNotHTTPAreRefusedWithWhatIsWrong() {
        XCTAssertThrowsError(try read("SSH-2.0-OpenSSH\r\n\r\n", seed: 1)) {
            XCTAssertEqual($0 as? HTTPError, .invalidResponse(reason: "the status line is \"SSH-2.0-OpenSSH\""))
        }
        XCTAssertThrowsError(try read("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", seed: 1)) {
            XCTAssertEqual($0 as? HTTPError, .invalidResponse(reason: "a chunk size is \"zz\""))
        }
        XCTAssertThrowsError(try read("HTTP/1.1 200 OK\r\nContent-Length: lots\r\n\r\n", seed: 1)) {
            XCTAssertEqual($0 as? HTTPError, .invalidResponse(reason: "the Content-Length \"lots\" is not one number"))
        }
    }

    func testLengthsAreDigitsOnlyAndOneValue() throws {
        for length in ["+2", "-0", " 0x2", "2.0", "1e1", "2, 3", "", "99999999999999999999"] {
            XCTAssertThrowsError(try read("HTTP/1.1 200 OK\r\nContent-Length: \(length)\r\n\r\nok", seed: 1), length) {
                guard case .invalidResponse(let reason) = $0 as? HTTPError else { return XCTFail("\($0)") }
                XCTAssertTrue(reason.hasPrefix("the Content-Length"), reason)
            }
        }
        let repeated = try read("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\nok", seed: 1)
        XCTAssertEqual(repeated.body, Data("ok".utf8), "the same length twice is one length")
        XCTAssertThrowsError(try read("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nok!", seed: 1))
        for size in ["+2", "-0", "0x2", " "] {
            XCTAssertThrowsError(try read("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\(size)\r\nok\r\n0\r\n\r\n", seed: 1), size)
        }
    }

    func testTheStatusLineAndFieldNamesAreReadAsRFC9112WritesThem() {
        let refused = [
            "HTTP/1.1 +20 OK\r\n\r\n", "HTTP/1.2 200 OK\r\n\r\n", "HTTP/1.1 2000 OK\r\n\r\n", "HTTP/1.1 ２００ OK\r\n\r\n",
            "HTTP/1.1 200 OK\r\nETag : \"x\"\r\n\r\n", "HTTP/1.1 200 OK\r\nX-A: 1\r\n folded\r\n\r\n",
            "HTTP/1.1 200 OK\r\nBad Name: 1\r\n\r\n",
        ]
        for answer in refused {
            XCTAssertThrowsError(try read(answer, seed: 1), answer) {
                guard case .invalidResponse = $0 as? HTTPError else { return XCTFail("\($0)") }
            }
        }
    }

    func testHeadersPastTheLimitAreRefusedWhereverTheReadsEnd() throws {
        let limit = ResponseReader.maximumHeaderSize
        func answer(headerBytes: Int) -> String {
            let start = "HTTP/1.1 200 OK\r\nX-Fill: "
            let fill = String(repeating: "a", count: headerBytes - start.utf8.count)
            return start + fill + "\r\nContent-Length: 0\r\n\r\n"
        }
        for seed in 1...20 as ClosedRange<UInt64> {
            XCTAssertNoThrow(try read(answer(headerBytes: limit - 40), seed: seed), "seed \(seed)")
            XCTAssertThrowsError(try read(answer(headerBytes: limit + 100), seed: seed), "seed \(seed)") {
                XCTAssertEqual($0 as? HTTPError, .invalidResponse(reason: "the headers are larger than \(limit) bytes"))
            }
        }
    }
}
