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
public final class HTTPStreamHandle: @unchecked Sendable {  // `onCancel` is only touched under `lock`
    private let cancelled = Atomic<Bool>(false)
    private let lock = NSLock()
    private var onCancel: (@Sendable () -> Void)?

    init() {}

    /// Ends the exchange: its connection closes and its completion reports `.cancelled`.
    public func cancel() {
        cancelled.store(true, ordering: .releasing)
        // Called outside the lock: it is the transport's code, which may take locks of its own.
        let action = lock.withLock { () -> (@Sendable () -> Void)? in
            defer { onCancel = nil }
            return onCancel
        }
        action?()
    }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// Runs `action` when the exchange is cancelled (at once if it is already).
    func whenCancelled(_ action: @escaping @Sendable () -> Void) {
        let now = lock.withLock { () -> Bool in
            if isCancelled { return true }
            onCancel = action
            return false
        }
        if now { action() }
    }
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
        guard TransportSecurity.permits(request.url), request.url.host != nil else {
            DispatchQueue.global().async { completion(.failure(.insecureURL)) }
            return handle
        }
        switch transport {
        #if canImport(CLibSSL)
            case .sockets:
                SocketExchange.stream(
                    request, trust: trust, handle: handle, connectTimeout: connectTimeout, idleTimeout: idleTimeout, head: head, body: body,
                    completion: completion)
        #endif
        case .urlSession:
            URLSessionExchange.stream(
                request, trust: trust, handle: handle, connectTimeout: connectTimeout, idleTimeout: idleTimeout, head: head, body: body,
                completion: completion)
        }
        return handle
    }
}

#if canImport(CLibSSL)
    extension SocketExchange {
        /// The stream on a thread of its own, its reads in slices that see a cancellation.
        static func stream(
            _ request: HTTPRequest, trust: TrustStore, handle: HTTPStreamHandle, connectTimeout: TimeInterval, idleTimeout: TimeInterval,
            head: @escaping @Sendable (HTTPResponse) -> Void, body: @escaping @Sendable (Data) -> Void,
            completion: @escaping @Sendable (Result<HTTPStreamEnd, HTTPError>) -> Void
        ) {
            let thread = Thread {
                blockBrokenPipeSignals()
                let result = Result { () throws(HTTPError) -> HTTPStreamEnd in
                    do throws(HTTPError) {
                        let deadline = Deadline(seconds: connectTimeout)
                        let stream = CancellableStream(try open(request, trust: trust, deadline: deadline), handle: handle)
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
#endif
