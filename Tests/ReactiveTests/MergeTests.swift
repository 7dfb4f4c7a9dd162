import Dispatch
import Reactive
import ReactiveTesting
import XCTest

private enum MergeTestError: Error {
    case boom
}

final class MergeTests: XCTestCase {
    /// Three cold inner sequences: subscribed at 210, 300 and 400 by the outer sequence below, they
    /// complete at 360, 370 and 600.
    private func makeInners(_ scheduler: TestScheduler) -> [TestableObservable<Int>] {
        [
            scheduler.createColdObservable([.next(10, 11), .next(100, 12), .completed(150)]),
            scheduler.createColdObservable([.next(5, 21), .next(50, 22), .completed(70)]),
            scheduler.createColdObservable([.next(20, 31), .next(150, 32), .completed(200)]),
        ]
    }

    private let mergedEvents: [Recorded<Event<Int>>] = [
        .next(220, 11), .next(305, 21), .next(310, 12), .next(350, 22), .next(420, 31), .next(550, 32), .completed(600),
    ]

    // MARK: flatMap

    func testFlatMapMergesInnerSequencesAndCompletesAfterOuterAndAllInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = makeInners(scheduler)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 0), .next(300, 1), .next(400, 2), .completed(500)])

        let res = scheduler.start { xs.flatMap { ys[$0] } }

        XCTAssertEqual(res.events, mergedEvents)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 500)])
        XCTAssertEqual(ys[0].subscriptions, [Subscription(210, 360)])
        XCTAssertEqual(ys[1].subscriptions, [Subscription(300, 370)])
        XCTAssertEqual(ys[2].subscriptions, [Subscription(400, 600)])
    }

    // `just` inner sequences take a fast path (no subscription): the same events, in the same order.
    func testFlatMapOfJustDeliversEachValueThenCompletesWithTheOuter() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 100), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])

        let res = scheduler.start { xs.flatMap { $0 == 2 ? inner.asObservable() : Observable.just($0) } }

        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 3), .next(230, 100), .completed(300)])
        XCTAssertEqual(inner.subscriptions, [Subscription(220, 240)])
    }

    func testFlatMapOfJustWaitsForTheOtherInnersBeforeCompleting() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 100), .completed(150)])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(220, 1), .completed(250)])

        let res = scheduler.start { xs.flatMap { $0 == 0 ? inner.asObservable() : Observable.just($0) } }

        XCTAssertEqual(res.events, [.next(220, 1), .next(220, 100), .completed(360)])
    }

    func testFlatMapOfJustStopsAtTheFirstValueATakeDoesNotWant() {
        var delivered: [Int] = []
        var completed = false
        _ = Observable.range(start: 0, count: 1_000_000)
            .flatMap { Observable.just($0) }
            .take(3)
            .subscribe(onNext: { delivered.append($0) }, onCompleted: { completed = true })
        XCTAssertEqual(delivered, [0, 1, 2])
        XCTAssertTrue(completed)
    }

    func testFlatMapCompletesWithOuterWhenNoInnerIsRunning() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = makeInners(scheduler)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(290)])

        let res = scheduler.start { xs.flatMap { ys[$0] } }

        XCTAssertEqual(res.events, [.next(215, 21), .next(260, 22), .completed(290)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 290)])
        XCTAssertEqual(ys[1].subscriptions, [Subscription(210, 280)])
    }

    func testFlatMapInnerErrorEndsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        var ys = makeInners(scheduler)
        ys[1] = scheduler.createColdObservable([.next(5, 21), .error(40, MergeTestError.boom)])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(300, 1), .next(400, 2), .completed(500)])

        let res = scheduler.start { xs.flatMap { ys[$0] } }

        XCTAssertEqual(res.events, [.next(220, 11), .next(305, 21), .next(310, 12), .error(340, MergeTestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 340)])
        XCTAssertEqual(ys[0].subscriptions, [Subscription(210, 340)])
        XCTAssertEqual(ys[1].subscriptions, [Subscription(300, 340)])
        XCTAssertEqual(ys[2].subscriptions, [])
    }

    func testFlatMapOuterErrorDisposesRunningInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = makeInners(scheduler)
        let xs = scheduler.createHotObservable([.next(210, 0), .next(300, 1), .error(320, MergeTestError.boom)])

        let res = scheduler.start { xs.flatMap { ys[$0] } }

        XCTAssertEqual(res.events, [.next(220, 11), .next(305, 21), .next(310, 12), .error(320, MergeTestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 320)])
        XCTAssertEqual(ys[0].subscriptions, [Subscription(210, 320)])
        XCTAssertEqual(ys[1].subscriptions, [Subscription(300, 320)])
    }

    func testFlatMapSelectorErrorEndsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = makeInners(scheduler)
        let xs = scheduler.createHotObservable([.next(210, 0), .next(300, 1), .next(400, 2), .completed(500)])

        let res = scheduler.start {
            xs.flatMap { index -> TestableObservable<Int> in
                if index == 1 { throw MergeTestError.boom }
                return ys[index]
            }
        }

        XCTAssertEqual(res.events, [.next(220, 11), .error(300, MergeTestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(ys[0].subscriptions, [Subscription(210, 300)])
        XCTAssertEqual(ys[1].subscriptions, [])
    }

    func testFlatMapDisposalDisposesOuterAndInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = makeInners(scheduler)
        let xs = scheduler.createHotObservable([.next(210, 0), .next(300, 1), .next(400, 2), .completed(500)])

        let res = scheduler.start(disposed: 355) { xs.flatMap { ys[$0] } }

        XCTAssertEqual(res.events, [.next(220, 11), .next(305, 21), .next(310, 12), .next(350, 22)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 355)])
        XCTAssertEqual(ys[0].subscriptions, [Subscription(210, 355)])
        XCTAssertEqual(ys[1].subscriptions, [Subscription(300, 355)])
        XCTAssertEqual(ys[2].subscriptions, [])
    }

    func testFlatMapObserverFeedingItsOwnSourceIsDeliveredInOrder() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = subject.flatMap { Observable.just($0 * 10) }.subscribe(onNext: { value in
            received.append(value)
            if value < 30 { subject.onNext(value / 10 + 1) }
        })

        subject.onNext(1)
        subscription.dispose()

        XCTAssertEqual(received, [10, 20, 30])
    }

    func testFlatMapSerialisesConcurrentInnerSequences() {
        let outer = PublishSubject<PublishSubject<Int>>()
        let inners = (0..<4).map { _ in PublishSubject<Int>() }
        let probe = SerialisationProbe()
        let completed = expectation(description: "completed")
        let subscription = outer.flatMap { $0 }.subscribe(onNext: { _ in probe.record() }, onCompleted: { completed.fulfill() })
        inners.forEach(outer.onNext)
        outer.onCompleted()

        DispatchQueue.concurrentPerform(iterations: inners.count) { index in
            for value in 0..<2_000 { inners[index].onNext(value) }
            inners[index].onCompleted()
        }

        wait(for: [completed], timeout: 10)
        XCTAssertEqual(probe.delivered, 8_000)
        XCTAssertEqual(probe.overlaps, 0)
        subscription.dispose()
    }

    // MARK: flatMapFirst

    func testFlatMapFirstDropsValuesWhileAnInnerSequenceRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = makeInners(scheduler)
        let xs = scheduler.createHotObservable([.next(210, 0), .next(250, 1), .next(370, 2), .completed(500)])
        var mapped: [Int] = []

        let res = scheduler.start {
            xs.flatMapFirst { index -> TestableObservable<Int> in
                mapped.append(index)
                return ys[index]
            }
        }

        XCTAssertEqual(res.events, [.next(220, 11), .next(310, 12), .next(390, 31), .next(520, 32), .completed(570)])
        XCTAssertEqual(mapped, [0, 2])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 500)])
        XCTAssertEqual(ys[0].subscriptions, [Subscription(210, 360)])
        XCTAssertEqual(ys[1].subscriptions, [])
        XCTAssertEqual(ys[2].subscriptions, [Subscription(370, 570)])
    }

    func testFlatMapFirstInnerError() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable([.next(10, 1), .error(20, MergeTestError.boom)])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(220, 1), .completed(500)])

        let res = scheduler.start { xs.flatMapFirst { _ in inner } }

        XCTAssertEqual(res.events, [.next(220, 1), .error(230, MergeTestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(inner.subscriptions, [Subscription(210, 230)])
    }

    // MARK: merge()

    func testMergeOfObservablesMergesInnerSequences() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = makeInners(scheduler)
        let xs = scheduler.createHotObservable([.next(210, ys[0]), .next(300, ys[1]), .next(400, ys[2]), .completed(500)])

        let res = scheduler.start { xs.merge() }

        XCTAssertEqual(res.events, mergedEvents)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 500)])
        XCTAssertEqual(ys[0].subscriptions, [Subscription(210, 360)])
        XCTAssertEqual(ys[1].subscriptions, [Subscription(300, 370)])
        XCTAssertEqual(ys[2].subscriptions, [Subscription(400, 600)])
    }

    // MARK: static merge

    func testStaticMergeVariadic() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(230, 3), .completed(260)])
        let b = scheduler.createHotObservable([.next(220, 2), .next(240, 4), .completed(300)])

        let res = scheduler.start { Observable.merge(a.asObservable(), b.asObservable()) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 300)])
    }

    func testStaticMergeArrayAndCollection() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .completed(260)])
        let b = scheduler.createHotObservable([.next(220, 2), .completed(300)])

        let fromArray = scheduler.start { Observable.merge([a.asObservable(), b.asObservable()]) }
        XCTAssertEqual(fromArray.events, [.next(210, 1), .next(220, 2), .completed(300)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let c = scheduler2.createHotObservable([.next(210, 1), .completed(260)])
        let d = scheduler2.createHotObservable([.next(220, 2), .completed(300)])
        let fromSlice = scheduler2.start { Observable.merge([c.asObservable(), d.asObservable()][...]) }
        XCTAssertEqual(fromSlice.events, [.next(210, 1), .next(220, 2), .completed(300)])
        XCTAssertEqual(c.subscriptions, [Subscription(200, 260)])
        XCTAssertEqual(d.subscriptions, [Subscription(200, 300)])
    }

    func testStaticMergeOfNothingCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.merge([]) }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testStaticMergeErrorDisposesTheOthers() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .error(225, MergeTestError.boom)])
        let b = scheduler.createHotObservable([.next(220, 2), .next(240, 4), .completed(300)])

        let res = scheduler.start { Observable.merge(a.asObservable(), b.asObservable()) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .error(225, MergeTestError.boom)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 225)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 225)])
    }

    func testStaticMergeDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(260)])
        let b = scheduler.createHotObservable([.next(220, 2), .next(240, 4), .completed(300)])

        let res = scheduler.start(disposed: 235) { Observable.merge(a.asObservable(), b.asObservable()) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 3)])
        XCTAssertEqual(a.subscriptions, [Subscription(200, 235)])
        XCTAssertEqual(b.subscriptions, [Subscription(200, 235)])
    }

    func testStaticMergeObserverFeedingAnotherSourceIsDeliveredInOrder() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = Observable.merge(a.asObservable(), b.asObservable()).subscribe(onNext: { value in
            received.append(value)
            if value == 1 { b.onNext(2) }
            if value == 2 { a.onNext(3) }
        })

        a.onNext(1)
        subscription.dispose()

        XCTAssertEqual(received, [1, 2, 3])
    }

    func testStaticMergeSerialisesConcurrentSources() {
        let subjects = (0..<4).map { _ in PublishSubject<Int>() }
        let probe = SerialisationProbe()
        let completed = expectation(description: "completed")
        let subscription = Observable.merge(subjects.map { $0.asObservable() })
            .subscribe(onNext: { _ in probe.record() }, onCompleted: { completed.fulfill() })

        DispatchQueue.concurrentPerform(iterations: subjects.count) { index in
            for value in 0..<2_000 { subjects[index].onNext(value) }
            subjects[index].onCompleted()
        }

        wait(for: [completed], timeout: 10)
        XCTAssertEqual(probe.delivered, 8_000)
        XCTAssertEqual(probe.overlaps, 0)
        subscription.dispose()
    }

    // MARK: merge(maxConcurrent:)

    func testMergeMaxConcurrentQueuesInnerSequencesOverTheLimit() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 11), .next(50, 12), .completed(60)])
        let ys2 = scheduler.createColdObservable([.next(20, 21), .completed(100)])
        let ys3 = scheduler.createColdObservable([.next(10, 31), .completed(30)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .next(220, ys2), .next(230, ys3), .completed(240)])

        let res = scheduler.start { xs.merge(maxConcurrent: 2) }

        XCTAssertEqual(res.events, [.next(220, 11), .next(240, 21), .next(260, 12), .next(280, 31), .completed(320)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 270)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(220, 320)])
        XCTAssertEqual(ys3.subscriptions, [Subscription(270, 300)])
    }

    func testMergeMaxConcurrentInnerErrorDisposesQueueAndOuter() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 11), .error(30, MergeTestError.boom)])
        let ys2 = scheduler.createColdObservable([.next(10, 21), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .next(220, ys2), .completed(400)])

        let res = scheduler.start { xs.merge(maxConcurrent: 1) }

        XCTAssertEqual(res.events, [.next(220, 11), .error(240, MergeTestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 240)])
        XCTAssertEqual(ys2.subscriptions, [])
    }

    func testMergeMaxConcurrentOuterErrorDisposesRunningInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 11), .completed(100)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .error(250, MergeTestError.boom)])

        let res = scheduler.start { xs.merge(maxConcurrent: 2) }

        XCTAssertEqual(res.events, [.next(220, 11), .error(250, MergeTestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 250)])
    }

    func testMergeMaxConcurrentDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 11), .next(50, 12), .completed(60)])
        let ys2 = scheduler.createColdObservable([.next(10, 21), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .next(220, ys2), .completed(240)])

        let res = scheduler.start(disposed: 250) { xs.merge(maxConcurrent: 1) }

        XCTAssertEqual(res.events, [.next(220, 11)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 250)])
        XCTAssertEqual(ys2.subscriptions, [])
    }

    // MARK: concat() and concatMap

    func testConcatOfObservablesSubscribesEachAfterThePreviousCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 11), .next(50, 12), .completed(60)])
        let ys2 = scheduler.createColdObservable([.next(20, 21), .completed(30)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .next(220, ys2), .completed(230)])

        let res = scheduler.start { xs.concat() }

        XCTAssertEqual(res.events, [.next(220, 11), .next(260, 12), .next(290, 21), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 270)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(270, 300)])
    }

    func testConcatOfObservablesObserverAddingAnInnerSequenceQueuesIt() {
        let outer = PublishSubject<Observable<Int>>()
        var received: [Int] = []
        let subscription = outer.concat().subscribe(onNext: { value in
            received.append(value)
            if value == 1 { outer.onNext(Observable.of(2, 3)) }
        })

        outer.onNext(Observable.of(1))
        outer.onNext(Observable.just(4))
        subscription.dispose()

        XCTAssertEqual(received, [1, 2, 3, 4])
    }

    func testConcatMapMapsAndConcatenates() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 11), .next(50, 12), .completed(60)])
        let ys2 = scheduler.createColdObservable([.next(20, 21), .completed(30)])
        let ys = [ys1, ys2]
        let xs = scheduler.createHotObservable([.next(210, 0), .next(220, 1), .completed(400)])

        let res = scheduler.start { xs.concatMap { ys[$0] } }

        XCTAssertEqual(res.events, [.next(220, 11), .next(260, 12), .next(290, 21), .completed(400)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 400)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 270)])
        XCTAssertEqual(ys2.subscriptions, [Subscription(270, 300)])
    }

    func testConcatMapSelectorRunsWhenTheValueArrivesEvenIfItIsQueued() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 11), .next(50, 12), .completed(60)])
        let xs = scheduler.createHotObservable([.next(210, 0), .next(230, 1), .completed(400)])

        let res = scheduler.start {
            xs.concatMap { index -> TestableObservable<Int> in
                if index == 1 { throw MergeTestError.boom }
                return ys1
            }
        }

        XCTAssertEqual(res.events, [.next(220, 11), .error(230, MergeTestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys1.subscriptions, [Subscription(210, 230)])
    }

    func testConcatMapRunsLongSynchronousChains() {
        var count = 0
        var completed = false
        _ = Observable.range(start: 0, count: 10_000)
            .concatMap { Observable.just($0) }
            .subscribe(onNext: { _ in count += 1 }, onCompleted: { completed = true })

        XCTAssertEqual(count, 10_000)
        XCTAssertTrue(completed)
    }
}
