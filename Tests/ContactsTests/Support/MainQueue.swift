import Dispatch
import XCTest

/// Runs the main queue until the work queued on it now, and what that work queues in turn, has run.
///
/// The screen applies elements on the main queue (`observe(on: MainScheduler.instance)`); this
/// is the tutorial's "wait a second" made exact: an expectation queued behind that work.
@MainActor
func drainMainQueue(rounds: Int = 3) {
    for _ in 0..<rounds {
        let drained = XCTestExpectation(description: "main queue drained")
        DispatchQueue.main.async { drained.fulfill() }
        XCTAssertEqual(XCTWaiter().wait(for: [drained], timeout: 10), .completed)
    }
}

/// Waits for `expectations`; the timeout only keeps a broken test from hanging.
func waitFor(_ expectations: XCTestExpectation..., file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(XCTWaiter().wait(for: expectations, timeout: 10), .completed, file: file, line: line)
}
