import Foundation
import Synchronization

/// How a streaming exchange ended without an error.
public enum HTTPStreamEnd: Sendable, Hashable {
    /// The server ended the answer (its last chunk, its length, or by closing the connection).
    case finished
    /// `HTTPStreamHandle.cancel()` ended it.
    case cancelled
}

/// A streaming exchange in progress; `cancel()` ends it within a quarter of a second.
public final class HTTPStreamHandle: Sendable {
    private let cancelled = Atomic<Bool>(false)

    init() {}

    /// Ends the exchange: its connection closes and its completion reports `.cancelled`.
    public func cancel() {
        cancelled.store(true, ordering: .releasing)
    }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { cancelled.load(ordering: .acquiring) }
}

extension HTTPClient {
    /// Sends `request` and hands the answer over as it arrives, for a long-lived answer (a stream
    /// of events): `head` once the status and headers are in, then `body` with each piece of the
    /// body, decoded from its chunks, then `completion` once.
    ///
    /// Every wait has a deadline: the answer's head must arrive within `connectTimeout` seconds,
    /// and after it each piece within `idleTimeout` seconds of the one before (else
    /// `.timedOut(seconds: idleTimeout)`). The closures run in order on the exchange's own thread.
    /// Refuses plain HTTP to another machine without sending it.
    @discardableResult
    public func stream(
        _ request: HTTPRequest,
        connectTimeout: TimeInterval,
        idleTimeout: TimeInterval,
        head: @escaping @Sendable (HTTPResponse) -> Void,
        body: @escaping @Sendable (Data) -> Void,
        completion: @escaping @Sendable (Result<HTTPStreamEnd, HTTPError>) -> Void
    ) -> HTTPStreamHandle {
        let handle = HTTPStreamHandle()
        let trust = trust
        let thread = Thread {
            Self.blockBrokenPipeSignals()
            let result = Result { () throws(HTTPError) -> HTTPStreamEnd in
                do throws(HTTPError) {
                    let deadline = Deadline(seconds: connectTimeout)
                    let stream = CancellableStream(try Self.open(request, trust: trust, deadline: deadline), handle: handle)
                    var reader = ResponseReader(stream: stream, deadline: deadline, maximumBodySize: Int.max)
                    let response = try reader.readFinalHead()
                    if handle.isCancelled { return .cancelled }
                    head(response)
                    try reader.streamBody(after: response, nextDeadline: { Deadline(seconds: idleTimeout) }, piece: body)
                } catch {
                    // A cancelled stream reads as closed: whatever that broke off is the cancellation.
                    if handle.isCancelled { return .cancelled }
                    throw error
                }
                return handle.isCancelled ? .cancelled : .finished
            }
            completion(result)
        }
        thread.name = "bistro.http.stream"
        thread.start()
        return handle
    }
}

/// A connection whose reads wait in slices of a quarter of a second, so that a cancellation from
/// another thread is seen while a read waits; once cancelled, it reads as closed.
private final class CancellableStream: ByteStream {
    private let base: any ByteStream
    private let handle: HTTPStreamHandle

    init(_ base: any ByteStream, handle: HTTPStreamHandle) {
        self.base = base
        self.handle = handle
    }

    func read(maximum: Int, deadline: Deadline) throws(StreamFailure) -> [UInt8] {
        while true {
            if handle.isCancelled { return [] }
            do {
                return try base.read(maximum: maximum, deadline: deadline.capped(atMost: 0.25))
            } catch .timedOut {
                if deadline.hasPassed { throw .timedOut }
            }
        }
    }

    func write(_ bytes: [UInt8], deadline: Deadline) throws(StreamFailure) {
        try base.write(bytes, deadline: deadline)
    }
}
