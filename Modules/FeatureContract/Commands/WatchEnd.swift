import Dispatch
import Foundation

/// The end of a command that keeps running (`bistro contacts --watch`, `bistro config watch`):
/// Ctrl-C, the end of standard input, or the command itself calling `stop()`.
public final class WatchEnd: @unchecked Sendable {  // `state` is only touched under `lock`
    private let lock = NSLock()
    private var state: (stopped: Bool, waiter: CheckedContinuation<Void, Never>?) = (false, nil)

    /// A watch that has not ended.
    public init() {}

    /// Ends the watch, from any thread; later calls do nothing.
    public func stop() {
        lock.lock()
        state.stopped = true
        let waiter = state.waiter
        state.waiter = nil
        lock.unlock()
        waiter?.resume()
    }

    /// Returns once the watch has ended: after Ctrl-C (SIGINT), the end of standard input, or `stop()`.
    ///
    /// Ctrl-C ends it normally, so the command exits with status 0; the end of input lets a
    /// script or a test end it without a signal.
    public func untilInterrupted() async {
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: DispatchQueue(label: "bistro.watch.interrupt"))
        interrupt.setEventHandler { [self] in stop() }
        interrupt.resume()
        defer { interrupt.cancel() }
        Thread.detachNewThread { [self] in
            _ = FileHandle.standardInput.readDataToEndOfFile()
            stop()
        }
        await withCheckedContinuation { continuation in
            lock.lock()
            let stopped = state.stopped
            if !stopped { state.waiter = continuation }
            lock.unlock()
            if stopped { continuation.resume() }
        }
    }
}
