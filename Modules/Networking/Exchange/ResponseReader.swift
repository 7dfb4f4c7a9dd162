import Foundation

/// Reads one HTTP/1.x answer from a stream: the status line and headers (at most 64 KiB), then the
/// body by its length, its chunks, or up to the end of the connection, never keeping more than the
/// body limit. Says, for a stream that ends early, how far the answer got.
///
/// It reads as RFC 9112 writes, and refuses what a lenient reader would guess at (guesses are where
/// a client and a proxy come to disagree on where an answer ends): the version is HTTP/1.0 or 1.1,
/// the status three digits, a field name a token followed at once by its colon, no line folded
/// onto the one before, a `Content-Length` digits only (repeated only with the same value), a chunk
/// size hex digits only.
struct ResponseReader {
    /// The largest status line and header block accepted.
    static let maximumHeaderSize = 64 * 1024

    private let stream: any ByteStream
    /// The deadline of the next read: the exchange's, or a stream's idle deadline, moved on as data comes.
    var deadline: Deadline
    private let maximumBodySize: Int
    private var buffer: [UInt8] = []
    private var start = 0

    init(stream: any ByteStream, deadline: Deadline, maximumBodySize: Int) {
        self.stream = stream
        self.deadline = deadline
        self.maximumBodySize = maximumBodySize
    }

    /// The answer to a request made with `method`.
    mutating func read(method: String) throws(HTTPError) -> HTTPResponse {
        var head = try readHead(isFirst: true)
        // Informational answers (100 Continue, 103 Early Hints) precede the real one.
        while (100...199).contains(head.statusCode) { head = try readHead(isFirst: false) }
        let hasNoBody = method == "HEAD" || head.statusCode == 204 || head.statusCode == 304
        let body: Data
        if hasNoBody {
            body = Data()
        } else if head.header("transfer-encoding")?.lowercased().contains("chunked") == true {
            body = try readChunkedBody()
        } else if let length = try Self.contentLength(of: head) {
            guard length <= maximumBodySize else { throw .responseTooLarge(limit: maximumBodySize) }
            body = try readBody(length: length)
        } else {
            body = try readBodyToEnd()
        }
        return HTTPResponse(statusCode: head.statusCode, headers: head.headers, body: body)
    }

    /// The head of the answer (status and headers, no body), past informational answers.
    mutating func readFinalHead() throws(HTTPError) -> HTTPResponse {
        var head = try readHead(isFirst: true)
        while (100...199).contains(head.statusCode) { head = try readHead(isFirst: false) }
        return head
    }

    /// The body after `head`, handed to `piece` as it arrives (decoded from its chunks, up to its
    /// length, or to the end of the connection), no piece larger than what one read gave;
    /// `nextDeadline` gives the deadline of each read.
    mutating func streamBody(
        after head: HTTPResponse, nextDeadline: () -> Deadline, piece: (Data) -> Void
    ) throws(HTTPError) {
        if head.statusCode == 204 || head.statusCode == 304 { return }
        if head.header("transfer-encoding")?.lowercased().contains("chunked") == true {
            while true {
                deadline = nextDeadline()
                let size = try readChunkSize(body: 0)
                if size == 0 {
                    try readTrailers(body: 0)
                    return
                }
                var left = size
                while left > 0 {
                    if buffer.count == start {
                        deadline = nextDeadline()
                        guard try fill() else { throw closedInChunks(after: size - left) }
                    }
                    let count = min(left, buffer.count - start)
                    piece(take(count))
                    left -= count
                }
                while buffer.count - start < 2 {
                    deadline = nextDeadline()
                    guard try fill() else { throw closedInChunks(after: size) }
                }
                try consumeChunkEnd()
            }
        }
        var left = try Self.contentLength(of: head) ?? Int.max
        while left > 0 {
            if buffer.count == start {
                deadline = nextDeadline()
                guard try fill() else {
                    if left == Int.max { return }
                    throw .interrupted(reason: "the connection closed \(left) bytes before the end of the body")
                }
            }
            let count = min(left, buffer.count - start)
            piece(take(count))
            if left != Int.max { left -= count }
        }
    }

    // MARK: Head

    private mutating func readHead(isFirst: Bool) throws(HTTPError) -> HTTPResponse {
        // How far past `start` the search has looked, relative: `fill` may move the buffer's bytes.
        var searched = 0
        while true {
            if let end = Self.find([13, 10, 13, 10], in: buffer, from: start + max(0, searched - 3), before: buffer.count) {
                // The limit holds wherever the reads happened to end, not only between them.
                guard end - start <= Self.maximumHeaderSize else {
                    throw .invalidResponse(reason: "the headers are larger than \(Self.maximumHeaderSize) bytes")
                }
                let head = Array(buffer[start..<end])
                start = end + 4
                return try Self.parseHead(head)
            }
            guard buffer.count - start <= Self.maximumHeaderSize else {
                throw .invalidResponse(reason: "the headers are larger than \(Self.maximumHeaderSize) bytes")
            }
            searched = buffer.count - start
            let received = buffer.count - start
            let silent = isFirst && received == 0
            guard try fill(answerBegun: !silent) else {
                if silent { throw .closedWithoutAnswer }
                throw .interrupted(reason: "the connection closed in the middle of the answer's headers")
            }
        }
    }

    /// The status line and the header fields of `bytes` (the head without its blank line), read
    /// as bytes: a field name is a token, its value the bytes after the colon without the optional
    /// whitespace (spaces and tabs) around them, decoded as UTF-8.
    private static func parseHead(_ bytes: [UInt8]) throws(HTTPError) -> HTTPResponse {
        var lines = lineRanges(bytes)
        let statusLine = bytes[lines.removeFirst()]
        // "HTTP/1.x NNN reason": the version, then three digits and a space or the end.
        let statusEnd = statusLine.startIndex + 12
        guard statusLine.count >= 12, statusLine.starts(with: Self.http11) || statusLine.starts(with: Self.http10),
            statusLine[statusLine.startIndex + 8] == 0x20, statusLine[(statusLine.startIndex + 9)..<statusEnd].allSatisfy(Self.isDigit),
            statusLine.count == 12 || statusLine[statusEnd] == 0x20
        else {
            throw .invalidResponse(reason: "the status line is \"\(String(decoding: statusLine, as: UTF8.self).prefix(40))\"")
        }
        let status = statusLine[(statusLine.startIndex + 9)..<statusEnd].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        var headers: [String: String] = [:]
        for range in lines {
            let line = bytes[range]
            guard let colon = line.firstIndex(of: 0x3A), colon != line.startIndex, line[..<colon].allSatisfy(Self.isTokenCharacter) else {
                throw .invalidResponse(reason: "a header line is \"\(String(decoding: line, as: UTF8.self).prefix(40))\"")
            }
            // A token is ASCII: lowercased byte by byte.
            let name = String(decoding: line[..<colon].lazy.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
            var value = line[(colon + 1)...]
            while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
            while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
            let text = String(decoding: value, as: UTF8.self)
            // Repeated fields are one list, as RFC 9110 has it.
            headers[name] = headers[name].map { "\($0), \(text)" } ?? text
        }
        return HTTPResponse(statusCode: status, headers: headers)
    }

    private static let http11 = Array("HTTP/1.1".utf8)
    private static let http10 = Array("HTTP/1.0".utf8)

    /// The ranges of `bytes` between CR LF pairs (a line may hold a lone CR or LF).
    private static func lineRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var lineStart = 0
        while let end = find([13, 10], in: bytes, from: lineStart, before: bytes.count) {
            ranges.append(lineStart..<end)
            lineStart = end + 2
        }
        ranges.append(lineStart..<bytes.count)
        return ranges
    }

    /// The answer's `Content-Length`, nil without one: one or more digits, and nothing else; a
    /// field repeated (joined into a list) only with the same value, which RFC 9112 lets a
    /// recipient read as one.
    private static func contentLength(of head: HTTPResponse) throws(HTTPError) -> Int? {
        guard let text = head.header("content-length") else { return nil }
        let values = Set(text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) })
        guard values.count == 1, let value = values.first, !value.isEmpty, value.utf8.count <= 18, value.utf8.allSatisfy(isDigit),
            let length = Int(value)
        else {
            throw .invalidResponse(reason: "the Content-Length \"\(text.prefix(40))\" is not one number")
        }
        return length
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte)
    }

    /// RFC 9110's `tchar`: what a field name is made of.
    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
            UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    // MARK: Body

    private mutating func readBody(length: Int) throws(HTTPError) -> Data {
        while buffer.count - start < length {
            let received = buffer.count - start
            guard try fill() else {
                throw .interrupted(reason: "the connection closed after \(received) of \(length) bytes")
            }
        }
        return take(length)
    }

    private mutating func readBodyToEnd() throws(HTTPError) -> Data {
        while try fill() {
            guard buffer.count - start <= maximumBodySize else { throw .responseTooLarge(limit: maximumBodySize) }
        }
        guard buffer.count - start <= maximumBodySize else { throw .responseTooLarge(limit: maximumBodySize) }
        return take(buffer.count - start)
    }

    private mutating func readChunkedBody() throws(HTTPError) -> Data {
        var body = Data()
        while true {
            let size = try readChunkSize(body: body.count)
            if size == 0 {
                try readTrailers(body: body.count)
                return body
            }
            guard body.count + size <= maximumBodySize else { throw .responseTooLarge(limit: maximumBodySize) }
            while buffer.count - start < size + 2 {
                guard try fill() else { throw closedInChunks(after: body.count + min(size, buffer.count - start)) }
            }
            body.append(take(size))
            try consumeChunkEnd()
        }
    }

    /// The size of the next chunk, from its size line (extensions after `;` ignored); `body` is
    /// how many body bytes came before, for the error if the connection closes.
    private mutating func readChunkSize(body: Int) throws(HTTPError) -> Int {
        let sizeLine = try readLine(body: body)
        let sizeText = sizeLine.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard !sizeText.isEmpty, sizeText.utf8.count <= 15, sizeText.utf8.allSatisfy({ $0.isHexDigit }),
            let size = Int(sizeText, radix: 16)
        else {
            throw .invalidResponse(reason: "a chunk size is \"\(sizeLine.prefix(20))\"")
        }
        return size
    }

    /// The trailer fields after the last chunk, if any, up to the empty line.
    private mutating func readTrailers(body: Int) throws(HTTPError) {
        while try !readLine(body: body).isEmpty {}
    }

    /// The CRLF after a chunk's data, already in the buffer.
    private mutating func consumeChunkEnd() throws(HTTPError) {
        guard buffer[start] == 13, buffer[start + 1] == 10 else { throw .invalidResponse(reason: "a chunk does not end with CRLF") }
        start += 2
    }

    private mutating func readLine(body: Int) throws(HTTPError) -> String {
        var searched = 0  // relative to `start`, as in `readHead`
        while true {
            if let end = Self.find([13, 10], in: buffer, from: start + max(0, searched - 1), before: buffer.count) {
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = end + 2
                return line
            }
            guard buffer.count - start <= 4096 else { throw .invalidResponse(reason: "a chunk line is longer than 4096 bytes") }
            searched = buffer.count - start
            guard try fill() else { throw closedInChunks(after: body) }
        }
    }

    private func closedInChunks(after count: Int) -> HTTPError {
        .interrupted(reason: "the connection closed after \(count) bytes, before the last chunk")
    }

    // MARK: Buffer

    /// Reads what the stream has into the buffer; false at its end. It may move the unread bytes to
    /// the front (`start` becomes 0): callers keep positions relative to `start`, never absolute.
    private mutating func fill(answerBegun: Bool = true) throws(HTTPError) -> Bool {
        if start > 64 * 1024, start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        let bytes: [UInt8]
        do {
            bytes = try stream.read(maximum: 64 * 1024, deadline: deadline)
        } catch {
            throw failure(error, answerBegun: answerBegun)
        }
        buffer += bytes
        return !bytes.isEmpty
    }

    private mutating func take(_ count: Int) -> Data {
        defer { start += count }
        return Data(buffer[start..<(start + count)])
    }

    /// A read failure in the answer's terms: once the answer began, a reset breaks it off.
    private func failure(_ error: StreamFailure, answerBegun: Bool) -> HTTPError {
        switch error {
        case .timedOut: .timedOut(seconds: deadline.seconds)
        case .system(let code) where code == ECONNRESET && !answerBegun:
            .closedWithoutAnswer
        case .system(let code) where code == ECONNRESET: .interrupted(reason: "the server reset the connection after \(buffer.count) bytes")
        case .system(let code): .interrupted(reason: "reading failed (\(String(cString: strerror(code))))")
        case .tls(let reason): .interrupted(reason: "TLS failure: \(reason)")
        }
    }

    private static func find(_ pattern: [UInt8], in bytes: [UInt8], from: Int, before end: Int) -> Int? {
        guard end - from >= pattern.count else { return nil }
        var index = from
        while index <= end - pattern.count {
            if bytes[index] == pattern[0], bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }
}

extension UInt8 {
    /// Whether the byte is an ASCII hex digit.
    fileprivate var isHexDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}
