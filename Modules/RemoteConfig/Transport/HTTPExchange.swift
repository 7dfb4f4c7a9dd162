import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RemoteConfigInterface

/// The URLSession delegate of one request: collects the body up to the limit and reports the first
/// of answer, error, oversize body or deadline, once; whichever comes first cancels the task.
final class HTTPExchange: NSObject, URLSessionDataDelegate, @unchecked Sendable { // `lock` guards the vars
    private let lock = NSLock()
    private let maximumBodySize: Int
    private var completion: (@Sendable (Result<HTTPAnswer, RemoteConfigError>) -> Void)?
    private var task: URLSessionTask?
    private var body = Data()

    init(maximumBodySize: Int, completion: @escaping @Sendable (Result<HTTPAnswer, RemoteConfigError>) -> Void) {
        self.maximumBodySize = maximumBodySize
        self.completion = completion
    }

    /// Keeps the task (to cancel it when something else ends the exchange) and resumes it.
    func start(_ task: URLSessionTask) {
        lock.withLock { self.task = task }
        task.resume()
    }

    /// Ends the exchange with `error` unless it has ended already.
    func fail(_ error: RemoteConfigError) {
        finish(.failure(error))
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        if response.expectedContentLength > Int64(maximumBodySize) {
            finish(.failure(.responseTooLarge(limit: maximumBodySize)))
            completionHandler(.cancel)
        } else {
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge = lock.withLock {
            body.append(data)
            return body.count > maximumBodySize
        }
        if tooLarge { finish(.failure(.responseTooLarge(limit: maximumBodySize))) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            finish(.failure(Self.transportError(error)))
            return
        }
        guard let response = task.response as? HTTPURLResponse else {
            finish(.failure(.connectionFailed(reason: "the answer is not HTTP")))
            return
        }
        let body = lock.withLock { self.body }
        let etag = response.value(forHTTPHeaderField: "ETag")
        finish(.success(HTTPAnswer(statusCode: response.statusCode, etag: etag, body: body)))
    }

    private func finish(_ result: Result<HTTPAnswer, RemoteConfigError>) {
        let (completion, task) = lock.withLock {
            defer {
                self.completion = nil
                self.task = nil
                self.body = Data()
            }
            return (self.completion, self.task)
        }
        guard let completion else { return }
        task?.cancel()
        completion(result)
    }

    // Reasons are built from the error code only: URLError descriptions may carry the request URL.
    private static func transportError(_ error: any Error) -> RemoteConfigError {
        guard let urlError = error as? URLError else {
            return .connectionFailed(reason: "\(type(of: error)) \((error as NSError).code)")
        }
        switch urlError.code {
        case .timedOut:
            return .timedOut
        case .cannotConnectToHost:
            return .connectionFailed(reason: "connection refused")
        case .cannotFindHost, .dnsLookupFailed:
            return .connectionFailed(reason: "host not found")
        case .notConnectedToInternet:
            return .connectionFailed(reason: "not connected to the internet")
        case .networkConnectionLost:
            return .connectionFailed(reason: "connection lost")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return .connectionFailed(reason: "TLS failure (URLError \(urlError.code.rawValue))")
        default:
            return .connectionFailed(reason: "URLError \(urlError.code.rawValue)")
        }
    }
}
