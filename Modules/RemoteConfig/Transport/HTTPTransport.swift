import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RemoteConfigInterface

/// Sends one request with URLSession and reports a complete answer or a typed error, enforcing a
/// total deadline and a body size limit itself.
///
/// URLSession's own timeouts are per packet (and whole seconds on Linux), and it would buffer any
/// body however large, so the deadline is a timer of ours and the body is counted as it arrives.
struct HTTPTransport: Sendable {
    /// Sends `request`; `completion` runs once, on a URLSession or timer thread.
    func send(
        _ request: URLRequest,
        timeout: TimeInterval,
        maximumBodySize: Int,
        completion: @escaping @Sendable (Result<HTTPAnswer, RemoteConfigError>) -> Void
    ) {
        let exchange = HTTPExchange(maximumBodySize: maximumBodySize, completion: completion)
        // URLSession's timeouts are a backstop only, in whole seconds and past our deadline below,
        // which is the timeout that counts.
        let backstop = max(timeout.rounded(.up), 1) + 1
        var request = request
        request.timeoutInterval = backstop
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil // the client does its own ETag handling; a cache would hide 304s
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = backstop
        configuration.timeoutIntervalForResource = backstop
        let session = URLSession(configuration: configuration, delegate: exchange, delegateQueue: nil)
        let task = session.dataTask(with: request)
        exchange.start(task)
        session.finishTasksAndInvalidate()
        DispatchQueue.global().asyncAfter(deadline: .now() + max(timeout, 0)) {
            exchange.fail(.timedOut)
        }
    }
}
