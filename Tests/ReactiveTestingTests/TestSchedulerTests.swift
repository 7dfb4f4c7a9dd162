import Reactive
import ReactiveTesting
import XCTest

/// An error for tests, described by its message.
struct TestError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String = "test error") { self.message = message }
    var description: String { message }
}

final class TestSchedulerTests: XCTestCase {
    // MARK: start

    func testStartUsesDefaultTimes() {
        let scheduler = TestScheduler(initialClock: 0)
        var createdAt: TestTime?
        var subscribedAt: TestTime?
        var disposedAt: TestTime?

        let res = scheduler.start { () -> Observable<Int> in
            createdAt = scheduler.clock
            return Observable.create { _ in
                subscribedAt = scheduler.clock
                return Disposables.create { disposedAt = scheduler.clock }
            }
        }

        XCTAssertEqual(createdAt, 100)
        XCTAssertEqual(subscribedAt, 200)
        XCTAssertEqual(disposedAt, 1000)
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(TestScheduler.Defaults.created, 100)
        XCTAssertEqual(TestScheduler.Defaults.subscribed, 200)
        XCTAssertEqual(TestScheduler.Defaults.disposed, 1000)
    }

    func testStartDisposedAt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1),
            .next(210, 2),
            .next(300, 3),
            .next(400, 4),
            .completed(500),
        ])

        let res = scheduler.start(disposed: 350) { xs.map { $0 * 10 } }

        XCTAssertEqual(res.events, [.next(210, 20), .next(300, 30)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 350)])
    }

    func testStartWithAllTimes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, "a"), .next(15, "b"), .completed(25)])
        var createdAt: TestTime?

        let res = scheduler.start(created: 10, subscribed: 20, disposed: 30) { () -> Observable<String> in
            createdAt = scheduler.clock
            return xs.asObservable()
        }

        XCTAssertEqual(createdAt, 10)
        XCTAssertEqual(res.events, [.next(25, "a")])
        XCTAssertEqual(xs.subscriptions, [Subscription(20, 30)])
    }

    func testStartUnsubscribesWhenTheSequenceCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])

        let res = scheduler.start { xs.filter { $0 > 0 } }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testStartAcceptsObservableConvertibleTypes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])

        let res = scheduler.start { xs }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testStartInfersTheElementTypeFromTheResult() {
        let scheduler = TestScheduler(initialClock: 0)

        let res: TestableObserver<Int> = scheduler.start { .empty() }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testStartRunsSynchronousSequencesAtTheSubscriptionTime() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.of(1, 2, 3).scan(0, accumulator: +) }

        XCTAssertEqual(res.events, [.next(200, 1), .next(200, 3), .next(200, 6), .completed(200)])
    }

    func testStartRecordsErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError("boom"))])

        let res = scheduler.start { xs.map { $0 } }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError("boom"))])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    // MARK: processing delay

    func testWorkScheduledForNowRunsOneTickLater() {
        let scheduler = TestScheduler(initialClock: 0)
        var ranAt: [TestTime] = []

        scheduler.scheduleAt(300) {
            _ = scheduler.schedule(()) { _ in
                ranAt.append(scheduler.clock)
                return Disposables.create()
            }
            _ = scheduler.scheduleRelative((), dueTime: .seconds(0)) { _ in
                ranAt.append(scheduler.clock)
                return Disposables.create()
            }
            _ = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in
                ranAt.append(scheduler.clock)
                return Disposables.create()
            }
        }
        scheduler.start()

        XCTAssertEqual(ranAt, [301, 301, 305])
    }

    func testWithoutProcessingDelayWorkScheduledForNowRunsNow() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        var ranAt: [TestTime] = []

        scheduler.scheduleAt(300) {
            _ = scheduler.schedule(()) { _ in
                ranAt.append(scheduler.clock)
                return Disposables.create()
            }
            _ = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in
                ranAt.append(scheduler.clock)
                return Disposables.create()
            }
        }
        scheduler.start()

        XCTAssertEqual(ranAt, [300, 305])
    }

    func testAdjustScheduledTime() {
        let delayed = TestScheduler(initialClock: 100)
        XCTAssertEqual(delayed.adjustScheduledTime(50), 101)
        XCTAssertEqual(delayed.adjustScheduledTime(100), 101)
        XCTAssertEqual(delayed.adjustScheduledTime(150), 150)

        let immediate = TestScheduler(initialClock: 100, simulateProcessingDelay: false)
        XCTAssertEqual(immediate.adjustScheduledTime(50), 100)
        XCTAssertEqual(immediate.adjustScheduledTime(100), 100)
        XCTAssertEqual(immediate.adjustScheduledTime(150), 150)
    }

    func testScheduledSynchronousSourceIsDelayedByTheProcessingDelay() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.of(1, 2, scheduler: scheduler) }

        XCTAssertEqual(res.events.first, .next(201, 1))
        XCTAssertEqual(res.events.map(\.time), res.events.map(\.time).sorted())
    }

    // MARK: ordering and clock control

    func testItemsDueAtTheSameTimeRunFirstInFirstOut() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []

        scheduler.scheduleAt(20) { log.append("20a") }
        scheduler.scheduleAt(10) {
            log.append("10a")
            scheduler.scheduleAt(10) { log.append("10-nested") }
        }
        scheduler.scheduleAt(20) { log.append("20b") }
        scheduler.scheduleAt(10) { log.append("10b") }
        scheduler.scheduleAt(10) { log.append("10c") }
        scheduler.start()

        XCTAssertEqual(log, ["10a", "10b", "10c", "10-nested", "20a", "20b"])
        XCTAssertEqual(scheduler.clock, 20)
    }

    func testScheduleAtRunsAtAbsoluteTimesAndAdvancesTheClock() {
        let scheduler = TestScheduler(initialClock: 0)
        var times: [TestTime] = []

        scheduler.scheduleAt(30) { times.append(scheduler.clock) }
        scheduler.scheduleAt(10) { times.append(scheduler.clock) }
        scheduler.start()

        XCTAssertEqual(times, [10, 30])
        XCTAssertEqual(scheduler.clock, 30)
    }

    func testAdvanceToRunsDueWorkAndSetsTheClock() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [TestTime] = []
        scheduler.scheduleAt(100) { log.append(scheduler.clock) }
        scheduler.scheduleAt(200) { log.append(scheduler.clock) }
        scheduler.scheduleAt(300) { log.append(scheduler.clock) }

        scheduler.advanceTo(200)
        XCTAssertEqual(log, [100, 200])
        XCTAssertEqual(scheduler.clock, 200)

        scheduler.advanceTo(250)
        XCTAssertEqual(log, [100, 200])
        XCTAssertEqual(scheduler.clock, 250)

        scheduler.start()
        XCTAssertEqual(log, [100, 200, 300])
        XCTAssertEqual(scheduler.clock, 300)
    }

    func testStopEndsStartAfterTheCurrentItem() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [TestTime] = []
        scheduler.scheduleAt(100) { log.append(100) }
        scheduler.scheduleAt(200) {
            log.append(200)
            scheduler.stop()
        }
        scheduler.scheduleAt(300) { log.append(300) }

        scheduler.start()
        XCTAssertEqual(log, [100, 200])
        XCTAssertEqual(scheduler.clock, 200)

        scheduler.start()
        XCTAssertEqual(log, [100, 200, 300])
    }

    func testDisposedWorkDoesNotRun() {
        let scheduler = TestScheduler(initialClock: 0)
        var ran = false
        let work = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
            ran = true
            return Disposables.create()
        }
        work.dispose()
        scheduler.start()

        XCTAssertFalse(ran)
    }

    func testInitialClock() {
        let scheduler = TestScheduler(initialClock: 42)
        let observer = scheduler.createObserver(Int.self)

        observer.onNext(1)

        XCTAssertEqual(scheduler.clock, 42)
        XCTAssertEqual(observer.events, [.next(42, 1)])
    }

    // MARK: time conversion

    func testResolutionConvertsRealTimeToTicks() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.1)
        var ranAt: TestTime?

        _ = scheduler.scheduleRelative((), dueTime: .seconds(1)) { _ in
            ranAt = scheduler.clock
            return Disposables.create()
        }
        scheduler.start()

        XCTAssertEqual(ranAt, 10)
        XCTAssertEqual(scheduler.now, Date(timeIntervalSince1970: 1))
    }

    func testNowIsTheClockTimesTheResolution() {
        XCTAssertEqual(TestScheduler(initialClock: 250).now, Date(timeIntervalSince1970: 250))
        XCTAssertEqual(TestScheduler(initialClock: 250, resolution: 0.01).now.timeIntervalSince1970, 2.5, accuracy: 1e-9)
    }

    func testConverterRoundsToTheNearestTick() {
        let scheduler = TestScheduler(initialClock: 0)
        var ranAt: [TestTime] = []

        scheduler.scheduleAt(10) {
            _ = scheduler.scheduleRelative((), dueTime: .milliseconds(1_400)) { _ in
                ranAt.append(scheduler.clock)
                return Disposables.create()
            }
            _ = scheduler.scheduleRelative((), dueTime: .milliseconds(1_600)) { _ in
                ranAt.append(scheduler.clock)
                return Disposables.create()
            }
        }
        scheduler.start()

        XCTAssertEqual(ranAt, [11, 12])
    }
}
