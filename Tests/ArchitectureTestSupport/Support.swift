import Reactive
import Architecture
import Foundation
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

/// Collects the issues reported inside `withIssueReporter`, instead of failing the test.
public final class CapturingReporter: IssueReporter {
    public struct Captured: Equatable, Sendable {
        public let message: String
        public let fileID: String
        public let line: UInt

        public init(message: String, fileID: String, line: UInt) {
            self.message = message
            self.fileID = fileID
            self.line = line
        }
    }

    public init() {}

    private let captured = Locked<[Captured]>([])

    public func reportIssue(_ message: String, at location: IssueLocation) {
        captured.withLock { $0.append(Captured(message: message, fileID: "\(location.fileID)", line: location.line)) }
    }

    public var issues: [Captured] { captured.withLock { $0 } }
    public var messages: [String] { issues.map(\.message) }
}

/// Runs this test binary again on one test, with `environment` added, and returns how it ended
/// and everything it printed. Used for tests whose subject stops the process or fails the test.
///
/// posix_spawn and waitpid rather than Foundation's `Process`, whose exit monitoring does not work
/// under ThreadSanitizer; output goes to a file rather than a pipe, which a helper process could
/// inherit and keep open; Swift's crash backtracer is off, so the child ends as soon as it stops.
public func runTestInChildProcess(_ test: String, environment: [String: String]) throws -> (status: Int32, output: String) {
    let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString).log").path
    defer { try? FileManager.default.removeItem(atPath: outputPath) }
    var fileActions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&fileActions)
    defer { posix_spawn_file_actions_destroy(&fileActions) }
    posix_spawn_file_actions_addopen(&fileActions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&fileActions, 1, 2)
    let executable = CommandLine.arguments[0]
    var variables = ProcessInfo.processInfo.environment
    variables["SWIFT_BACKTRACE"] = "enable=no"
    variables.merge(environment) { $1 }
    let arguments: [String] = [executable, test]
    let environmentLines: [String] = variables.map { "\($0.key)=\($0.value)" }
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] = environmentLines.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, executable, &fileActions, nil, argv, envp)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    return (status, output)
}

/// Whether a `waitpid` status says the process was killed by a signal (a crash, a fatal error).
public func wasKilledBySignal(_ status: Int32) -> Bool {
    let signal = status & 0x7f
    return signal != 0 && signal != 0x7f
}

/// The exit code in a `waitpid` status of a process that exited normally.
public func exitCode(_ status: Int32) -> Int32 {
    (status >> 8) & 0xff
}

/// An error for effects and services to throw.
public struct TestFailure: Error, Equatable {
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }
}
