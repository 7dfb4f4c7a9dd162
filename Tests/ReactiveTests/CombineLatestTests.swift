import Dispatch
import Reactive
import ReactiveTesting
import XCTest

private enum CombineLatestTestError: Error {
    case boom
}

final class CombineLatestTests: XCTestCase {
    // MARK: completion and errors

    func testNeverAndEmptyNeverCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(150, 1)])
        let e1 = scheduler.createHotObservable([.next(150, 1), .completed(210)])

        let res = scheduler.start { Observable.combineLatest(e0, e1) { $0 + $1 } }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 210)])
    }

    func testEmptyAndEmptyCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let e1 = scheduler.createHotObservable([.next(150, 1), .completed(220)])

        let res = scheduler.start { Observable.combineLatest(e0, e1) { $0 + $1 } }

        XCTAssertEqual(res.events, [.completed(220)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 220)])
    }

    func testValueThatCanNeverBeCombinedCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let e1 = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .completed(220)])

        let res = scheduler.start { Observable.combineLatest(e0, e1) { $0 + $1 } }

        XCTAssertEqual(res.events, [.completed(215)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 215)])
    }

    func testCombinesLatestValuesAndCompletesWhenAllComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(150, 1), .next(210, 1), .next(230, 3), .completed(300)])
        let e1 = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .next(240, 4), .completed(310)])

        let res = scheduler.start { Observable.combineLatest(e0, e1) { $0 * 10 + $1 } }

        XCTAssertEqual(res.events, [.next(220, 12), .next(230, 32), .next(240, 34), .completed(310)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 310)])
    }

    func testTupleForm() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(300)])
        let e1 = scheduler.createHotObservable([.next(220, "a"), .completed(310)])

        let res = scheduler.start { Observable.combineLatest(e0, e1).map { "\($0.0)\($0.1)" } }

        XCTAssertEqual(res.events, [.next(220, "1a"), .next(230, "3a"), .completed(310)])
    }

    func testErrorEndsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .error(225, CombineLatestTestError.boom)])
        let e1 = scheduler.createHotObservable([.next(220, 2), .next(230, 3), .completed(300)])

        let res = scheduler.start { Observable.combineLatest(e0, e1) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(220, 3), .error(225, CombineLatestTestError.boom)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 225)])
    }

    func testErrorAfterTheOtherCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let e1 = scheduler.createHotObservable([.next(215, 2), .error(230, CombineLatestTestError.boom)])

        let res = scheduler.start { Observable.combineLatest(e0, e1) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(215, 3), .error(230, CombineLatestTestError.boom)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 230)])
    }

    func testSelectorErrorEndsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(300)])
        let e1 = scheduler.createHotObservable([.next(220, 2), .completed(310)])

        let res = scheduler.start {
            Observable.combineLatest(e0, e1) { (a: Int, b: Int) throws -> Int in
                if a + b > 4 { throw CombineLatestTestError.boom }
                return a + b
            }
        }

        XCTAssertEqual(res.events, [.next(220, 3), .error(230, CombineLatestTestError.boom)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 230)])
    }

    func testDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(300)])
        let e1 = scheduler.createHotObservable([.next(220, 2), .next(240, 4), .completed(310)])

        let res = scheduler.start(disposed: 235) { Observable.combineLatest(e0, e1) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(220, 3), .next(230, 5)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 235)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 235)])
    }

    func testSynchronousSourcesInterleaveOnTheTrampolineAsInRxSwift() {
        var received: [[Int]] = []
        var completed = false
        _ = Observable.combineLatest(Observable.of(1, 2, 3), Observable.just(10)) { [$0, $1] }
            .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })

        XCTAssertEqual(received, [[1, 10], [2, 10], [3, 10]])
        XCTAssertTrue(completed)

        received = []
        _ = Observable.combineLatest(Observable.of(1, 2, 3), Observable.of(4, 5, 6)) { [$0, $1] }
            .subscribe(onNext: { received.append($0) })

        XCTAssertEqual(received, [[1, 4], [2, 4], [2, 5], [3, 5], [3, 6]])
    }

    // MARK: arities

    /// Source `i` sends `i + 1` at 210 + i, `(i + 1) * 10` at 400 + i and completes at 500 + i.
    private func assertArity(
        _ count: Int, file: StaticString = #filePath, line: UInt = #line,
        _ make: @escaping ([TestableObservable<Int>]) -> Observable<[Int]>
    ) {
        let scheduler = TestScheduler(initialClock: 0)
        let sources = (0..<count).map { i in
            scheduler.createHotObservable([.next(150, -1), .next(210 + i, i + 1), .next(400 + i, (i + 1) * 10), .completed(500 + i)])
        }

        let res = scheduler.start { make(sources) }

        var latest = Array(1...count)
        var expected: [Recorded<Event<[Int]>>] = [.next(210 + count - 1, latest)]
        for i in 0..<count {
            latest[i] = (i + 1) * 10
            expected.append(.next(400 + i, latest))
        }
        expected.append(.completed(500 + count - 1))
        XCTAssertEqual(res.events, expected, "arity \(count)", file: file, line: line)
        for (i, source) in sources.enumerated() {
            XCTAssertEqual(source.subscriptions, [Subscription(200, 500 + i)], "arity \(count)", file: file, line: line)
        }
    }

    func testEveryArityWithSelectorAndAsTuple() {
        assertArity(2) { s in Observable.combineLatest(s[0], s[1]) { [$0, $1] } }
        assertArity(2) { s in Observable.combineLatest(s[0], s[1]).map { [$0.0, $0.1] } }
        assertArity(3) { s in Observable.combineLatest(s[0], s[1], s[2]) { [$0, $1, $2] } }
        assertArity(3) { s in Observable.combineLatest(s[0], s[1], s[2]).map { [$0.0, $0.1, $0.2] } }
        assertArity(4) { s in Observable.combineLatest(s[0], s[1], s[2], s[3]) { [$0, $1, $2, $3] } }
        assertArity(4) { s in Observable.combineLatest(s[0], s[1], s[2], s[3]).map { [$0.0, $0.1, $0.2, $0.3] } }
        assertArity(5) { s in Observable.combineLatest(s[0], s[1], s[2], s[3], s[4]) { [$0, $1, $2, $3, $4] } }
        assertArity(5) { s in Observable.combineLatest(s[0], s[1], s[2], s[3], s[4]).map { [$0.0, $0.1, $0.2, $0.3, $0.4] } }
        assertArity(6) { s in Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]) { [$0, $1, $2, $3, $4, $5] } }
        assertArity(6) { s in Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]).map { [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5] } }
        assertArity(7) { s in Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) { [$0, $1, $2, $3, $4, $5, $6] } }
        assertArity(7) { s in
            Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6]).map { [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6] }
        }
        assertArity(8) { s in Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) { [$0, $1, $2, $3, $4, $5, $6, $7] }
        }
        assertArity(8) { s in
            Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]).map {
                [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7]
            }
        }
    }

    // MARK: collections

    func testCollectionFormCombinesIntoArrays() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(240, 4), .completed(300)])
        let e1 = scheduler.createHotObservable([.next(220, 2), .completed(310)])
        let e2 = scheduler.createHotObservable([.next(230, 3), .completed(320)])

        let res = scheduler.start { Observable.combineLatest([e0, e1, e2]) }

        XCTAssertEqual(res.events, [.next(230, [1, 2, 3]), .next(240, [4, 2, 3]), .completed(320)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 310)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 320)])
    }

    func testCollectionFormWithSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(240, 4), .completed(300)])
        let e1 = scheduler.createHotObservable([.next(220, 2), .error(250, CombineLatestTestError.boom)])

        let res = scheduler.start { Observable.combineLatest([e0, e1]) { $0.reduce(0, +) } }

        XCTAssertEqual(res.events, [.next(220, 3), .next(240, 6), .error(250, CombineLatestTestError.boom)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 250)])
    }

    func testCollectionFormValueThatCanNeverBeCombinedCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.completed(210, Int.self)])
        let e1 = scheduler.createHotObservable([.next(215, 2), .completed(220)])

        let res = scheduler.start { Observable.combineLatest([e0, e1]) }

        XCTAssertEqual(res.events, [.completed(215)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 215)])
    }

    func testEmptyCollectionEmitsTheResultOfNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let arrays = scheduler.start { Observable.combineLatest([Observable<Int>]()) }
        XCTAssertEqual(arrays.events, [.next(200, []), .completed(200)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let counts = scheduler2.start { Observable.combineLatest([Observable<Int>]()) { $0.count } }
        XCTAssertEqual(counts.events, [.next(200, 0), .completed(200)])
    }

    // MARK: re-entrancy and threads

    func testObserverFeedingASourceIsDeliveredInOrder() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = Observable.combineLatest(a, b) { $0 + $1 }.subscribe(onNext: { value in
            received.append(value)
            if value < 13 { a.onNext(value - 9) }
        })

        a.onNext(1)
        b.onNext(10)
        subscription.dispose()

        XCTAssertEqual(received, [11, 12, 13])
    }

    func testSerialisesConcurrentSources() {
        let subjects = (0..<4).map { _ in PublishSubject<Int>() }
        let probe = SerialisationProbe()
        let completed = expectation(description: "completed")
        let subscription = Observable.combineLatest(subjects[0], subjects[1], subjects[2], subjects[3])
            .subscribe(
                onNext: { values in probe.record(valid: [values.0, values.1, values.2, values.3].allSatisfy { $0 >= 0 }) },
                onCompleted: { completed.fulfill() })
        subjects.forEach { $0.onNext(0) }

        DispatchQueue.concurrentPerform(iterations: subjects.count) { index in
            for value in 1...2_000 { subjects[index].onNext(value) }
            subjects[index].onCompleted()
        }

        wait(for: [completed], timeout: 10)
        XCTAssertEqual(probe.delivered, 1 + 8_000)
        XCTAssertEqual(probe.overlaps, 0)
        XCTAssertEqual(probe.invalid, 0)
        subscription.dispose()
    }
}
