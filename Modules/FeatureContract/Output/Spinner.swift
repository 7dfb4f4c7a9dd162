import Dispatch
import Foundation
import Synchronization

extension Console {
    /// Runs `body`, showing `message` with a spinner on standard error meanwhile when `enabled`
    /// and standard error is a terminal; the line is erased afterwards.
    public func withSpinner<T: Sendable>(_ message: String, enabled: Bool, _ body: () async throws -> T) async rethrows -> T {
        guard enabled, showsProgress else { return try await body() }
        let symbols = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
        let queue = DispatchQueue(label: "bistro.console.spinner")
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let writeError = writeError
        let frames = Frames()
        timer.schedule(deadline: .now(), repeating: .milliseconds(100))
        timer.setEventHandler {
            let frame = frames.next.add(1, ordering: .relaxed).oldValue
            writeError("\r\(symbols[frame % symbols.count]) \(message)…")
        }
        timer.resume()
        defer {
            timer.cancel()
            queue.sync {}  // a frame being drawn finishes before the line is erased
            writeError("\r\u{1B}[K")
        }
        return try await body()
    }
}

/// The spinner's frame counter, shared with its timer's handler.
private final class Frames: Sendable {
    let next = Atomic<Int>(0)
}
