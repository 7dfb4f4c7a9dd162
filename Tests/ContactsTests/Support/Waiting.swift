import Dispatch
import XCTest

/// Waits for `expectations`; the timeout only keeps a broken test from hanging.
func waitFor(_ expectations: XCTestExpectation..., file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(XCTWaiter().wait(for: expectations, timeout: 10), .completed, file: file, line: line)
}
