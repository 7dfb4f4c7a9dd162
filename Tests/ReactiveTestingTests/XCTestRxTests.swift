import Reactive
import ReactiveTesting
import XCTest

/// Checks the failure reports of ReactiveTesting's `XCTAssertEqual` overloads by capturing them.
final class XCTestRxTests: XCTestCase {
    private struct Failure {
        let description: String
        let file: String
        let line: Int
    }

    private var capturing = false
    private var failures: [Failure] = []

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if capturing {
            failures.append(Failure(description: description, file: filePath, line: lineNumber))
            return
        }
        super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }

    /// The failures `body` records, without failing this test.
    private func captureFailures(_ body: () -> Void) -> [Failure] {
        failures = []
        capturing = true
        body()
        capturing = false
        return failures
    }

    func testEqualRecordedEventsPass() {
        let failures = captureFailures {
            XCTAssertEqual([Recorded.next(210, 1), .completed(220)], [.next(210, 1), .completed(220)])
            XCTAssertEqual([Event.next(1), .error(TestError("x"))], [.next(1), .error(TestError("x"))])
        }

        XCTAssertTrue(failures.isEmpty)
    }

    func testRecordedEventsFailureListsTheDifferencesAtTheCaller() {
        var line: UInt = 0
        let failures = captureFailures {
            line = #line + 1  // the assertion below
            XCTAssertEqual([Recorded.next(210, 1), .next(220, 2)], [.next(210, 1), .next(220, 3), .completed(230)])
        }

        XCTAssertEqual(failures.count, 1)
        let failure = try? XCTUnwrap(failures.first)
        XCTAssertEqual(failure?.line, Int(line))
        XCTAssertTrue(failure?.file.hasSuffix("XCTestRxTests.swift") ?? false, failure?.file ?? "")
        let description = failure?.description ?? ""
        XCTAssertTrue(description.contains("sequences differ (2 vs 3 items)"), description)
        XCTAssertTrue(description.contains("[1] next(2) @ 220 != next(3) @ 220"), description)
        XCTAssertTrue(description.contains("[2] (missing) != completed @ 230"), description)
        XCTAssertFalse(description.contains("[0]"), description)
    }

    func testEventsFailureListsTheDifferences() {
        let failures = captureFailures {
            XCTAssertEqual([Event.next(1), .error(TestError("a"))], [.next(1), .error(TestError("b"))], "context")
        }

        XCTAssertEqual(failures.count, 1)
        let description = failures.first?.description ?? ""
        XCTAssertTrue(description.contains("[1] error(a) != error(b)"), description)
        XCTAssertTrue(description.contains("context"), description)
    }

    func testOptionalElementOverloads() {
        let failures = captureFailures {
            XCTAssertEqual([Recorded.next(210, Optional<Int>.none)], [.next(210, nil)])
            XCTAssertEqual([Recorded.next(210, Optional(1))], [.next(210, nil)])
            XCTAssertEqual([Event.next(Optional(1))], [.next(nil)])
        }

        XCTAssertEqual(failures.count, 2)
        XCTAssertTrue(
            failures.first?.description.contains("[0] next(Optional(1)) @ 210 != next(nil) @ 210") ?? false,
            failures.first?.description ?? "")
    }

    func testRecordedElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let res = scheduler.start { xs.asObservable() }

        let failures = captureFailures {
            XCTAssertRecordedElements(res.events, [1, 2])
            XCTAssertRecordedElements(res.events, [1])
            XCTAssertRecordedElements([.next(10, 1), .error(20, TestError("stream"))], [1])
        }

        XCTAssertEqual(failures.count, 2)
        XCTAssertTrue(failures.last?.description.contains("stream") ?? false, failures.last?.description ?? "")
    }

    // MARK: The traits' events

    func testEqualTraitEventsPass() {
        let failures = captureFailures {
            XCTAssertEqual([SingleEvent.success(1), .failure(TestError("x"))], [.success(1), .failure(TestError("x"))])
            XCTAssertEqual(
                [MaybeEvent.success("a"), .completed, .error(TestError("y"))], [.success("a"), .completed, .error(TestError("y"))])
            XCTAssertEqual([CompletableEvent.completed, .error(TestError("z"))], [.completed, .error(TestError("z"))])
        }
        XCTAssertTrue(failures.isEmpty, failures.map(\.description).joined(separator: "\n"))
    }

    func testTraitEventsFailuresListTheDifferencesAtTheCaller() {
        var line: UInt = 0
        let failures = captureFailures {
            line = #line + 1  // the assertion below
            XCTAssertEqual([SingleEvent.success(1)], [.success(2)])
            XCTAssertEqual([MaybeEvent<Int>.completed], [.error(TestError("gone"))])
            XCTAssertEqual([CompletableEvent.completed], [.completed, .completed])
        }
        XCTAssertEqual(failures.count, 3)
        XCTAssertEqual(failures.first?.line, Int(line))
        let descriptions = failures.map(\.description)
        XCTAssertTrue(descriptions[0].contains("[0] success(1) != success(2)"), descriptions[0])
        XCTAssertTrue(descriptions[1].contains("[0] completed != error("), descriptions[1])
        XCTAssertTrue(descriptions[2].contains("sequences differ (1 vs 2 items)"), descriptions[2])
    }

    func testTwoSingleFailuresAreEqualWhenTheirErrorsDescribeThemselvesAlike() {
        XCTAssertTrue(SingleEvent<Int>.failure(TestError("a")) == .failure(TestError("a")))
        XCTAssertFalse(SingleEvent<Int>.failure(TestError("a")) == .failure(TestError("b")))
        XCTAssertFalse(SingleEvent<Int>.success(1) == .failure(TestError("a")))
        XCTAssertEqual(MaybeEvent<Int>.error(TestError("a")), .error(TestError("a")))
        XCTAssertNotEqual(CompletableEvent.error(TestError("a")), .completed)
    }

    // MARK: Leaks

    func testASubscriptionThatEndsLeavesNothingAlive() {
        let failures = captureFailures {
            XCTAssertNoLeaks {
                let scheduler = TestScheduler(initialClock: 0)
                let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
                let res = scheduler.start { xs.map { $0 * 2 }.filter { $0 > 0 } }
                XCTAssertEqual(res.events, [.next(210, 2), .completed(220)])
            }
            XCTAssertNoLeaks {
                let subject = PublishSubject<Int>()
                subject.subscribe(onNext: { _ in }).dispose()
            }
        }
        XCTAssertTrue(failures.isEmpty, failures.map(\.description).joined(separator: "\n"))
    }

    func testASubscriptionLeftAliveFailsAtTheCaller() {
        let subject = PublishSubject<Int>()
        var kept: Disposable?
        var line: UInt = 0
        let failures = captureFailures {
            line = #line + 1  // the assertion below
            XCTAssertNoLeaks("kept") { kept = subject.map { $0 + 1 }.subscribe(onNext: { _ in }) }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, Int(line))
        let description = failures.first?.description ?? ""
        XCTAssertTrue(description.contains("resources still alive"), description)
        XCTAssertTrue(description.hasSuffix(" - kept"), description)
        kept?.dispose()
    }
}
