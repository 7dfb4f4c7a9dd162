import Dispatch
import Reactive
import ReactiveTesting
import XCTest

private enum ZipTestError: Error {
    case boom
}

final class ZipTests: XCTestCase {
    // MARK: completion and errors

    func testNeverAndEmptyNeverCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(150, 1)])
        let e1 = scheduler.createHotObservable([.next(150, 1), .completed(210)])

        let res = scheduler.start { Observable.zip(e0, e1) { $0 + $1 } }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 1000)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 210)])
    }

    func testEmptyAndEmptyCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let e1 = scheduler.createHotObservable([.next(150, 1), .completed(220)])

        let res = scheduler.start { Observable.zip(e0, e1) { $0 + $1 } }

        XCTAssertEqual(res.events, [.completed(220)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 220)])
    }

    /// RxSwift's testZip_EmptyNonEmpty (its rule since 2019): a value that can never be paired does
    /// not end the zip; it completes once every source has.
    func testAValueThatCanNeverBePairedWaitsForEverySourceToComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let e1 = scheduler.createHotObservable([.next(150, 1), .next(215, 2), .completed(220)])

        let res = scheduler.start { Observable.zip(e0, e1) { $0 + $1 } }

        XCTAssertEqual(res.events, [.completed(220)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 220)])
    }

    func testPairsValuesByPositionAndCompletesWhenAllComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3), .completed(300)])
        let e1 = scheduler.createHotObservable([.next(230, 10), .next(250, 20), .completed(260)])

        let res = scheduler.start { Observable.zip(e0, e1) { $0 + $1 } }

        // 3 is never paired; completion waits for both sources, as in RxSwift.
        XCTAssertEqual(res.events, [.next(230, 11), .next(250, 22), .completed(300)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 260)])
    }

    func testAnUnpairableValueAfterTheOthersCompletedWaitsForItsOwnSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(270, 2), .completed(400)])
        let e1 = scheduler.createHotObservable([.next(220, 10), .completed(230)])

        let res = scheduler.start { Observable.zip(e0, e1) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(220, 11), .completed(400)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 230)])
    }

    func testTupleForm() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(300)])
        let e1 = scheduler.createHotObservable([.next(220, "a"), .next(240, "b"), .completed(310)])

        let res = scheduler.start { Observable.zip(e0, e1).map { "\($0.0)\($0.1)" } }

        XCTAssertEqual(res.events, [.next(220, "1a"), .next(240, "3b"), .completed(310)])
    }

    func testErrorEndsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .error(225, ZipTestError.boom)])
        let e1 = scheduler.createHotObservable([.next(220, 10), .next(230, 20), .completed(300)])

        let res = scheduler.start { Observable.zip(e0, e1) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(220, 11), .error(225, ZipTestError.boom)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 225)])
    }

    func testSelectorErrorEndsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(300)])
        let e1 = scheduler.createHotObservable([.next(220, 10), .next(230, 20), .completed(310)])

        let res = scheduler.start {
            Observable.zip(e0, e1) { (a: Int, b: Int) throws -> Int in
                if a == 2 { throw ZipTestError.boom }
                return a + b
            }
        }

        XCTAssertEqual(res.events, [.next(220, 11), .error(230, ZipTestError.boom)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 230)])
    }

    func testDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(300)])
        let e1 = scheduler.createHotObservable([.next(220, 10), .next(240, 20), .completed(310)])

        let res = scheduler.start(disposed: 235) { Observable.zip(e0, e1) { $0 + $1 } }

        XCTAssertEqual(res.events, [.next(220, 11)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 235)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 235)])
    }

    func testSynchronousSourcesInterleaveOnTheTrampolineAsInRxSwift() {
        var received: [[Int]] = []
        var completed = false
        _ = Observable.zip(Observable.of(1, 2, 3), Observable.of(4, 5)) { [$0, $1] }
            .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })

        XCTAssertEqual(received, [[1, 4], [2, 5]])
        XCTAssertTrue(completed)
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

        let expected: [Recorded<Event<[Int]>>] = [
            .next(210 + count - 1, Array(1...count)),
            .next(400 + count - 1, (1...count).map { $0 * 10 }),
            .completed(500 + count - 1),
        ]
        XCTAssertEqual(res.events, expected, "arity \(count)", file: file, line: line)
        for (i, source) in sources.enumerated() {
            XCTAssertEqual(source.subscriptions, [Subscription(200, 500 + i)], "arity \(count)", file: file, line: line)
        }
    }

    func testEveryArityWithSelectorAndAsTuple() {
        assertArity(2) { s in Observable.zip(s[0], s[1]) { [$0, $1] } }
        assertArity(2) { s in Observable.zip(s[0], s[1]).map { [$0.0, $0.1] } }
        assertArity(3) { s in Observable.zip(s[0], s[1], s[2]) { [$0, $1, $2] } }
        assertArity(3) { s in Observable.zip(s[0], s[1], s[2]).map { [$0.0, $0.1, $0.2] } }
        assertArity(4) { s in Observable.zip(s[0], s[1], s[2], s[3]) { [$0, $1, $2, $3] } }
        assertArity(4) { s in Observable.zip(s[0], s[1], s[2], s[3]).map { [$0.0, $0.1, $0.2, $0.3] } }
        assertArity(5) { s in Observable.zip(s[0], s[1], s[2], s[3], s[4]) { [$0, $1, $2, $3, $4] } }
        assertArity(5) { s in Observable.zip(s[0], s[1], s[2], s[3], s[4]).map { [$0.0, $0.1, $0.2, $0.3, $0.4] } }
        assertArity(6) { s in Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5]) { [$0, $1, $2, $3, $4, $5] } }
        assertArity(6) { s in Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5]).map { [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5] } }
        assertArity(7) { s in Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) { [$0, $1, $2, $3, $4, $5, $6] } }
        assertArity(7) { s in Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]).map { [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6] } }
        assertArity(8) { s in Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) { [$0, $1, $2, $3, $4, $5, $6, $7] } }
        assertArity(8) { s in
            Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]).map { [$0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7] }
        }
    }

    // MARK: collections

    func testCollectionFormZipsIntoArrays() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(240, 4), .completed(300)])
        let e1 = scheduler.createHotObservable([.next(220, 2), .next(250, 5), .completed(310)])
        let e2 = scheduler.createHotObservable([.next(230, 3), .completed(320)])

        let res = scheduler.start { Observable.zip([e0, e1, e2]) }

        XCTAssertEqual(res.events, [.next(230, [1, 2, 3]), .completed(320)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 310)])
        XCTAssertEqual(e2.subscriptions, [Subscription(200, 320)])
    }

    func testCollectionFormWithSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.next(210, 1), .next(240, 4), .completed(300)])
        let e1 = scheduler.createHotObservable([.next(220, 2), .next(245, 5), .error(250, ZipTestError.boom)])

        let res = scheduler.start { Observable.zip([e0, e1]) { $0.reduce(0, +) } }

        XCTAssertEqual(res.events, [.next(220, 3), .next(245, 9), .error(250, ZipTestError.boom)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 250)])
    }

    func testCollectionFormUnpairableValueCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let e0 = scheduler.createHotObservable([.completed(210, Int.self)])
        let e1 = scheduler.createHotObservable([.next(215, 2), .completed(220)])

        let res = scheduler.start { Observable.zip([e0, e1]) }

        XCTAssertEqual(res.events, [.completed(215)])
        XCTAssertEqual(e0.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(e1.subscriptions, [Subscription(200, 215)])
    }

    func testEmptyCollectionJustCompletes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.zip([Observable<Int>]()) }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    // MARK: re-entrancy and threads

    func testObserverFeedingTheSourcesIsDeliveredInOrder() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = Observable.zip(a, b) { $0 + $1 }.subscribe(onNext: { value in
            received.append(value)
            let next = value / 11 + 1
            if next <= 3 {
                a.onNext(next)
                b.onNext(next * 10)
            }
        })

        a.onNext(1)
        b.onNext(10)
        subscription.dispose()

        XCTAssertEqual(received, [11, 22, 33])
    }

    func testSerialisesConcurrentSourcesAndKeepsPositions() {
        let subjects = (0..<4).map { _ in PublishSubject<Int>() }
        let probe = SerialisationProbe()
        let completed = expectation(description: "completed")
        let subscription = Observable.zip(subjects[0], subjects[1], subjects[2], subjects[3])
            .subscribe(
                onNext: { values in probe.record(valid: values.0 == values.1 && values.1 == values.2 && values.2 == values.3) },
                onCompleted: { completed.fulfill() })

        DispatchQueue.concurrentPerform(iterations: subjects.count) { index in
            for value in 0..<2_000 { subjects[index].onNext(value) }
            subjects[index].onCompleted()
        }

        wait(for: [completed], timeout: 10)
        XCTAssertEqual(probe.delivered, 2_000)
        XCTAssertEqual(probe.overlaps, 0)
        XCTAssertEqual(probe.invalid, 0)
        subscription.dispose()
    }

    func testCollectionFormSerialisesConcurrentSources() {
        let subjects = (0..<4).map { _ in PublishSubject<Int>() }
        let probe = SerialisationProbe()
        let completed = expectation(description: "completed")
        let subscription = Observable.zip(subjects)
            .subscribe(
                onNext: { values in probe.record(valid: Set(values).count == 1) },
                onCompleted: { completed.fulfill() })

        DispatchQueue.concurrentPerform(iterations: subjects.count) { index in
            for value in 0..<2_000 { subjects[index].onNext(value) }
            subjects[index].onCompleted()
        }

        wait(for: [completed], timeout: 10)
        XCTAssertEqual(probe.delivered, 2_000)
        XCTAssertEqual(probe.overlaps, 0)
        XCTAssertEqual(probe.invalid, 0)
        subscription.dispose()
    }
}
