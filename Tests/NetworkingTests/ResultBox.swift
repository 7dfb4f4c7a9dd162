import Foundation
import Networking
import XCTest

extension HTTPClient {
    /// Sends `request` and waits on this thread for the outcome, failing the test after a bound.
    func exchange(_ request: HTTPRequest, timeout: TimeInterval, maximumBodySize: Int, file: StaticString = #filePath, line: UInt = #line)
        throws -> Result<HTTPResponse, HTTPError>
    {
        let outcome = ResultBox()
        send(request, timeout: timeout, maximumBodySize: maximumBodySize) { outcome.set($0) }
        return try XCTUnwrap(outcome.wait(seconds: timeout + 30), "no outcome at all", file: file, line: line)
    }
}

/// One outcome handed over from the client's thread, waited for with a bound.
final class ResultBox: @unchecked Sendable {  // `condition` guards `result`
    private let condition = NSCondition()
    private var result: Result<HTTPResponse, HTTPError>?

    func set(_ result: Result<HTTPResponse, HTTPError>) {
        condition.withLock {
            XCTAssertNil(self.result, "the completion ran twice")
            self.result = result
            condition.broadcast()
        }
    }

    func wait(seconds: TimeInterval) -> Result<HTTPResponse, HTTPError>? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while result == nil, condition.wait(until: deadline) {}
        return result
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
