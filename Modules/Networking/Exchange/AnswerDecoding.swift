import Foundation

/// The HTTP/1.1 answer reader on bytes already received, for the package's fuzz targets and their
/// corpus replay: what a server sends reaches `ResponseReader` this way without a socket.
package enum AnswerDecoding {
    /// The answer to a request made with `method` that `bytes` hold, delivered in reads of at most
    /// `readSize` bytes (so that lines and CRLFs split where a network would split them), or the
    /// typed error the reader gives.
    package static func response(
        from bytes: [UInt8], method: String = "GET", readSize: Int, maximumBodySize: Int
    ) -> Result<HTTPResponse, HTTPError> {
        var reader = ResponseReader(
            stream: BytesInMemory(bytes, readSize: readSize), deadline: Deadline(seconds: 60), maximumBodySize: maximumBodySize)
        return Result { () throws(HTTPError) in try reader.read(method: method) }
    }

    /// The pieces of a streamed body after its head, as `streamBody` hands them out, or the typed
    /// error; the pieces' total size is bounded by what `bytes` hold.
    package static func streamedBody(from bytes: [UInt8], readSize: Int) -> Result<[Data], HTTPError> {
        var reader = ResponseReader(
            stream: BytesInMemory(bytes, readSize: readSize), deadline: Deadline(seconds: 60), maximumBodySize: bytes.count)
        return Result { () throws(HTTPError) in
            let head = try reader.readFinalHead()
            var pieces: [Data] = []
            try reader.streamBody(after: head, nextDeadline: { Deadline(seconds: 60) }, piece: { pieces.append($0) })
            return pieces
        }
    }
}

/// A stream over bytes in memory: reads of at most `readSize`, then the end.
private final class BytesInMemory: ByteStream {
    private let bytes: [UInt8]
    private let readSize: Int
    private var offset = 0

    init(_ bytes: [UInt8], readSize: Int) {
        self.bytes = bytes
        self.readSize = max(readSize, 1)
    }

    func read(maximum: Int, deadline: Deadline) throws(StreamFailure) -> [UInt8] {
        let count = min(readSize, maximum, bytes.count - offset)
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    func write(_ bytes: [UInt8], deadline: Deadline) throws(StreamFailure) {}
}
