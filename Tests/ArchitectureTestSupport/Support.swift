import Architecture
import Foundation
import Reactive
import XCTest

/// Values recorded from any thread, with a handshake to wait for a given count (no sleeping).
public final class Recording<Value: Sendable>: Sendable {
    public init() {}

    private struct Contents {
        public var values: [Value] = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let contents = Locked(Contents())

    public func append(_ value: Value) {
        let ready = contents.withLock { contents -> [CheckedContinuation<Void, Never>] in
            contents.values.append(value)
            let count = contents.values.count
            let ready = contents.waiters.filter { $0.count <= count }.map(\.continuation)
            contents.waiters.removeAll { $0.count <= count }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    public var values: [Value] { contents.withLock { $0.values } }

    /// Waits until at least `count` values were recorded.
    public func wait(for count: Int) async {
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
public final class Gate: Sendable {
    public init() {}

    private struct Contents {
        var open = false
        var nextKey = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    }

    private let contents = Locked(Contents())

    public func open() {
        let waiters = contents.withLock { contents in
            contents.open = true
            defer { contents.waiters = [:] }
            return Array(contents.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    public func wait() async {
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

/// An error for effects and services to throw.
public struct TestFailure: Error, Equatable {
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }
}
