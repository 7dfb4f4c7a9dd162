import Dispatch
import Foundation
import Synchronization

/// Blocks the thread that created it until `finish()` is called or a timeout passes.
///
/// On the main thread it runs the current run loop in short steps instead of sleeping: work queued on
/// the main dispatch queue (which on Linux the main run loop drains) or on `RunLoop.main` keeps
/// running, so a sequence that delivers on the main thread can finish while the main thread waits.
/// Elsewhere it waits on a semaphore.
final class BlockingWait: Sendable {
    /// The longest the main thread stays inside the run loop before checking again.
    private static let runLoopStep: TimeInterval = 0.01

    private let finished = Atomic<Bool>(false)
    private let semaphore = DispatchSemaphore(value: 0)
    private let waitsOnMainThread = Thread.isMainThread

    /// Whether `finish()` was called.
    var isFinished: Bool { finished.load(ordering: .acquiring) }

    /// Wakes the waiting thread; only the first call counts.
    func finish() {
        if finished.exchange(true, ordering: .acquiringAndReleasing) { return }
        semaphore.signal()
        if waitsOnMainThread && !Thread.isMainThread {
            // Wakes the main run loop now rather than at the end of its current step.
            DispatchQueue.main.async {}
        }
    }

    /// Blocks until `finish()` or until `timeout` seconds pass (`nil`: no limit); false on timeout.
    func wait(timeout: TimeInterval?) -> Bool {
        if waitsOnMainThread && Thread.isMainThread {
            return spinRunLoop(timeout: timeout)
        }
        guard let timeout else {
            semaphore.wait()
            return true
        }
        return semaphore.wait(timeout: .now() + timeout) == .success
    }

    private func spinRunLoop(timeout: TimeInterval?) -> Bool {
        let deadline = timeout.map { Date(timeIntervalSinceNow: $0) } ?? .distantFuture
        while !isFinished {
            let now = Date()
            if now >= deadline { return false }
            let stepEnd = min(deadline, now.addingTimeInterval(Self.runLoopStep))
            _ = RunLoop.current.run(mode: .default, before: stepEnd)
        }
        return true
    }
}
