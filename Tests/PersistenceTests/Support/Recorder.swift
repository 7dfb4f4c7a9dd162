import Foundation
import Reactive
import XCTest

/// Records the events of a subscription from any thread and lets a test wait for a number of values.
///
/// Waiting is a handshake on a condition variable, never a sleep; the timeout only keeps a broken
/// test from hanging and is not a timing assertion.
final class Recorder<Element>: @unchecked Sendable {  // `condition` guards every stored var
    private let condition = NSCondition()
    private var recordedValues: [Element] = []
    private var recordedError: Error?
    private var completed = false

    /// The values so far.
    var values: [Element] { condition.withLock { recordedValues } }

    /// The error, if the sequence failed.
    var error: Error? { condition.withLock { recordedError } }

    /// Whether the sequence completed.
    var isCompleted: Bool { condition.withLock { completed } }

    /// Subscribes to `observable` and records its events.
    func record(_ observable: Observable<Element>) -> Disposable {
        observable.subscribe(onNext: { self.append($0) }, onError: { self.fail($0) }, onCompleted: { self.complete() })
    }

    func append(_ value: Element) {
        condition.withLock {
            recordedValues.append(value)
            condition.broadcast()
        }
    }

    func fail(_ error: Error) {
        condition.withLock {
            recordedError = error
            condition.broadcast()
        }
    }

    func complete() {
        condition.withLock {
            completed = true
            condition.broadcast()
        }
    }

    /// Waits until `count` values arrived (or the sequence stopped) and returns them.
    @discardableResult
    func waitForValues(_ count: Int, timeout: TimeInterval = 20, file: StaticString = #filePath, line: UInt = #line) -> [Element] {
        waitUntil(timeout: timeout, file: file, line: line, "\(count) values") { $0.recordedValues.count >= count }
        return values
    }

    /// Waits until the sequence failed or completed.
    func waitForStop(timeout: TimeInterval = 20, file: StaticString = #filePath, line: UInt = #line) {
        waitUntil(timeout: timeout, file: file, line: line, "the end of the sequence") { _ in false }
    }

    private func waitUntil(timeout: TimeInterval, file: StaticString, line: UInt, _ what: String, _ done: (Recorder) -> Bool) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !done(self), recordedError == nil, !completed {
            if !condition.wait(until: deadline) {
                XCTFail("Timed out waiting for \(what); got \(recordedValues.count) values", file: file, line: line)
                return
            }
        }
    }
}
