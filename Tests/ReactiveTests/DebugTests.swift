import Foundation
import ReactiveTesting
import XCTest

@testable import Reactive

private struct DebugTestError: Error {}

/// Collects what `debug` prints.
private final class Lines {
    var all: [String] = []

    /// The lines without their timestamps (everything up to the first ": ").
    var withoutTimestamps: [String] {
        all.map { line in
            guard let range = line.range(of: ": ") else { return line }
            return String(line[range.upperBound...])
        }
    }
}

final class DebugTests: XCTestCase {
    func testDebugLogsSubscriptionEventsAndDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let lines = Lines()

        let res = scheduler.start {
            xs.asObservable().debug("id", trimOutput: false, file: #file, line: #line, function: #function) {
                lines.all.append($0)
            }
        }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(250)])
        XCTAssertEqual(
            lines.withoutTimestamps,
            [
                "id -> subscribed", "id -> Event next(1)", "id -> Event next(2)", "id -> Event completed", "id -> isDisposed",
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDebugTimestampFormat() {
        let lines = Lines()
        _ = Observable.just(1).debug("x", trimOutput: false, file: #file, line: #line, function: #function) {
            lines.all.append($0)
        }.subscribe()

        let pattern = #"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}: x -> subscribed$"#
        XCTAssertNotNil(lines.all.first?.range(of: pattern, options: .regularExpression), "\(lines.all)")
    }

    func testDebugLogsErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(210, DebugTestError(), Int.self)])
        let lines = Lines()

        let res = scheduler.start {
            xs.asObservable().debug("e", trimOutput: false, file: #file, line: #line, function: #function) {
                lines.all.append($0)
            }
        }

        XCTAssertEqual(res.events, [.error(210, DebugTestError())])
        XCTAssertEqual(lines.withoutTimestamps, ["e -> subscribed", "e -> Event error(DebugTestError())", "e -> isDisposed"])
    }

    func testDebugLogsDisposalOnceWhenDisposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
        let lines = Lines()

        let res = scheduler.start(disposed: 250) {
            xs.asObservable().debug("d", trimOutput: false, file: #file, line: #line, function: #function) {
                lines.all.append($0)
            }
        }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(lines.withoutTimestamps, ["d -> subscribed", "d -> Event next(1)", "d -> isDisposed"])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDebugDefaultIdentifierIsFileLineAndFunction() {
        let lines = Lines()
        _ = Observable<Int>.empty().debug(nil, trimOutput: false, file: "Some/Path/View.swift", line: 42, function: "load()") {
            lines.all.append($0)
        }.subscribe()

        XCTAssertEqual(
            lines.withoutTimestamps,
            [
                "View.swift:42 (load()) -> subscribed",
                "View.swift:42 (load()) -> Event completed",
                "View.swift:42 (load()) -> isDisposed",
            ])
    }

    func testDebugTrimsLongEvents() {
        let lines = Lines()
        let long = String(repeating: "a", count: 30) + String(repeating: "b", count: 30)
        _ = Observable.just(long).debug("t", trimOutput: true, file: #file, line: #line, function: #function) {
            lines.all.append($0)
        }.subscribe()

        let text = "next(\(long))"
        let trimmed = String(text.prefix(20)) + "..." + String(text.suffix(20))
        XCTAssertEqual(lines.withoutTimestamps[1], "t -> Event \(trimmed)")
        XCTAssertEqual(lines.withoutTimestamps[2], "t -> Event completed")
    }

    func testDebugDoesNotTrimWhenNotAsked() {
        let lines = Lines()
        let long = String(repeating: "a", count: 60)
        _ = Observable.just(long).debug("t", trimOutput: false, file: #file, line: #line, function: #function) {
            lines.all.append($0)
        }.subscribe()

        XCTAssertEqual(lines.withoutTimestamps[1], "t -> Event next(\(long))")
    }

    func testPublicDebugPassesEventsThrough() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])

        let res = scheduler.start { xs.debug("public") }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(250)])
    }
}
