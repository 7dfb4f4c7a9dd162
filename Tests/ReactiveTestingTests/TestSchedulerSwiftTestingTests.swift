import Dispatch
import Reactive
import ReactiveTesting
import Testing

/// ReactiveTesting under Swift Testing: a `TestScheduler` works from any thread and in parallel
/// tests (RxTest's asserts the main thread, RxSwift #2609), recorded events compare with `#expect`,
/// and a failed `XCTAssertEqual` of events becomes a Swift Testing issue with a −/+ diff.
@Suite struct TestSchedulerSwiftTestingTests {
    /// One scenario on its own scheduler: `take(2)` of a hot sequence.
    private static func scenario(offset: Int) -> (events: [Recorded<Event<Int>>], subscriptions: [Subscription]) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, offset), .next(220, offset + 1), .next(230, offset + 2), .completed(240),
        ])
        let res = scheduler.start { xs.take(2) }
        return (res.events, xs.subscriptions)
    }

    @Test(arguments: 0..<4) func aSchedulerRunsInParallelTests(offset: Int) {
        let result = Self.scenario(offset: offset)
        #expect(result.events == [.next(210, offset), .next(220, offset + 1), .completed(220)])
        #expect(result.subscriptions == [Subscription(200, 220)])
    }

    @Test func schedulersOnEightThreadsAtOnceEachKeepTheirOwnTime() {
        let mismatches = Locked<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { offset in
            let result = Self.scenario(offset: offset)
            if result.events != [.next(210, offset), .next(220, offset + 1), .completed(220)] {
                mismatches.withLock { $0.append(offset) }
            }
        }
        #expect(mismatches.withLock { $0 } == [])
    }

    @Test func aFailedComparisonIsAnIssueWithADiff() {
        withKnownIssue {
            XCTAssertEqual([Recorded.next(210, 1), .next(220, 2)], [.next(210, 1), .next(220, 3), .completed(230)])
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined(separator: "\n")
            return text.contains("sequences differ (2 vs 3 items)")
                && text.contains("    next(1) @ 210")
                && text.contains("  \u{2212} next(3) @ 220")
                && text.contains("  + next(2) @ 220")
                && text.contains("  \u{2212} completed @ 230")
                && text.contains("(Expected: \u{2212}, Actual: +)")
        }
    }

    @Test func aFailedTraitComparisonIsAnIssueToo() {
        withKnownIssue {
            XCTAssertEqual([SingleEvent.success(1)], [.success(2)])
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("[0] success(1) != success(2)")
        }
    }
}
