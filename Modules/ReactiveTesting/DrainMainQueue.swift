import Dispatch
import Foundation
import Reactive

/// Runs the main queue, on the main thread, until the main scheduler has nothing queued: the work
/// that bindings queued there (`observe(on: MainScheduler.instance)`, drivers, signals), and the
/// work that work queued in turn. A screen test calls it before reading the terminal.
///
/// Work queued straight on the main queue before the call runs too. Fails the running test,
/// rather than hanging, when the main queue does not run or keeps getting work for `timeout` seconds.
@MainActor
package func drainMainQueue(timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line) {
    let deadline = Date(timeIntervalSinceNow: timeout)
    repeat {
        // Everything queued before this marker runs before it.
        let round = BlockingWait()
        DispatchQueue.main.async { round.finish() }
        guard round.wait(timeout: max(0, deadline.timeIntervalSinceNow)), Date() < deadline else {
            TestFailure.record("the main queue still had work after \(timeout) seconds", filePath: file, line: line)
            return
        }
    } while MainScheduler.instance.queuedActionCount > 0
}
