import Dispatch
import Foundation
import Synchronization

/// A spinner on standard error while something slow (a network fetch) runs, on a TTY only.
enum Spinner {
    private final class Frames: Sendable {
        let index = Atomic<Int>(0)
    }

    /// Runs `body`, showing `message` with a spinner on standard error meanwhile when `enabled` and
    /// standard error is a terminal; the line is erased afterwards.
    static func during<T>(_ message: String, enabled: Bool, _ body: () throws -> T) rethrows -> T {
        guard enabled, isatty(2) == 1 else { return try body() }
        let symbols = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
        let frames = Frames()
        let queue = DispatchQueue(label: "bistro.progress")
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now(), repeating: .milliseconds(100))
        timer.setEventHandler {
            let index = frames.index.add(1, ordering: .relaxed).oldValue
            FileHandle.standardError.write(Data("\r\(symbols[index % symbols.count]) \(message)…".utf8))
        }
        timer.resume()
        defer {
            timer.cancel()
            queue.sync {}  // a frame being drawn finishes before the line is erased
            FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        }
        return try body()
    }
}
