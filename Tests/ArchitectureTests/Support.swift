import Architecture
import Synchronization
import XCTest

/// Values recorded from any thread, with a handshake to wait for a given count (no sleeping).
final class Recording<Value: Sendable>: Sendable {
    private struct Contents {
        var values: [Value] = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let contents = Mutex(Contents())

    func append(_ value: Value) {
        let ready = contents.withLock { contents -> [CheckedContinuation<Void, Never>] in
            contents.values.append(value)
            let count = contents.values.count
            let ready = contents.waiters.filter { $0.count <= count }.map(\.continuation)
            contents.waiters.removeAll { $0.count <= count }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    var values: [Value] { contents.withLock { $0.values } }

    /// Waits until at least `count` values were recorded.
    func wait(for count: Int) async {
        await withCheckedContinuation { continuation in
            let ready = contents.withLock { contents -> Bool in
                if contents.values.count >= count { return true }
                contents.waiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}

/// A one-shot gate that async work waits on until the test opens it, or until the waiting task is
/// cancelled (so an effect parked on a gate that never opens still ends when it is cancelled).
final class Gate: Sendable {
    private struct Contents {
        var open = false
        var nextKey = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    }

    private let contents = Mutex(Contents())

    func open() {
        let waiters = contents.withLock { contents in
            contents.open = true
            defer { contents.waiters = [:] }
            return Array(contents.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    func wait() async {
        let key = contents.withLock { contents -> Int in
            defer { contents.nextKey += 1 }
            return contents.nextKey
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = contents.withLock { contents -> Bool in
                    if contents.open || Task.isCancelled { return true }
                    contents.waiters[key] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            contents.withLock { $0.waiters.removeValue(forKey: key) }?.resume()
        }
    }
}

/// Collects the issues reported inside `withIssueReporter`, instead of failing the test.
final class CapturingReporter: IssueReporter {
    struct Captured: Equatable, Sendable {
        let message: String
        let fileID: String
        let line: UInt
    }

    private let captured = Mutex<[Captured]>([])

    func reportIssue(_ message: String, at location: IssueLocation) {
        captured.withLock { $0.append(Captured(message: message, fileID: "\(location.fileID)", line: location.line)) }
    }

    var issues: [Captured] { captured.withLock { $0 } }
    var messages: [String] { issues.map(\.message) }
}

/// An error for effects and services to throw.
struct TestFailure: Error, Equatable {
    let reason: String
}
