import Dispatch
import XCTest

/// The tutorial's `FetchLimiter`: one fetch at a time, and a fetch ends only its own turn.
final class FetchLimiterTests: XCTestCase {
    func testOneFetchAtATime() {
        let limiter = FetchLimiter(serialQueue: DispatchQueue(label: "test"))
        XCTAssertFalse(limiter.fetchInProcess)

        let ticket = limiter.startFetch()
        XCTAssertNotNil(ticket)
        XCTAssertTrue(limiter.fetchInProcess)
        XCTAssertNil(limiter.startFetch())

        ticket.map(limiter.endFetch)
        XCTAssertFalse(limiter.fetchInProcess)
        XCTAssertNotNil(limiter.startFetch())
    }

    func testAStaleTicketDoesNotEndALaterFetch() throws {
        let limiter = FetchLimiter(serialQueue: DispatchQueue(label: "test"))
        let first = try XCTUnwrap(limiter.startFetch())
        limiter.endFetch(first)
        let second = try XCTUnwrap(limiter.startFetch())

        limiter.endFetch(first)  // the first sync ending twice: completed, then disposed
        XCTAssertTrue(limiter.fetchInProcess)
        limiter.endFetch(second)
        XCTAssertFalse(limiter.fetchInProcess)
    }

    func testSettingTheFlagOverridesTheRunningFetch() throws {
        let limiter = FetchLimiter(serialQueue: DispatchQueue(label: "test"))
        let running = try XCTUnwrap(limiter.startFetch())

        limiter.fetchInProcess = true  // as the tutorial's test does: a fetch started elsewhere
        limiter.endFetch(running)
        XCTAssertTrue(limiter.fetchInProcess)

        limiter.fetchInProcess = false
        XCTAssertNotNil(limiter.startFetch())
    }
}
