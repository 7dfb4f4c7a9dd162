import Reactive
import ReactiveTesting
import XCTest

private enum ConcatTestError: Error {
    case boom
}

final class ConcatTests: XCTestCase {
    private func makeSources(_ scheduler: TestScheduler) -> (TestableObservable<Int>, TestableObservable<Int>) {
        (
            scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)]),
            scheduler.createColdObservable([.next(10, 3), .completed(20)])
        )
    }

    private let concatenated: [Recorded<Event<Int>>] = [.next(210, 1), .next(220, 2), .next(240, 3), .completed(250)]

    func testStaticConcatArraySubscribesEachSourceWhenThePreviousCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs1, xs2) = makeSources(scheduler)

        let res = scheduler.start { Observable.concat([xs1.asObservable(), xs2.asObservable()]) }

        XCTAssertEqual(res.events, concatenated)
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(xs2.subscriptions, [Subscription(230, 250)])
    }

    func testInstanceConcat() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs1, xs2) = makeSources(scheduler)

        let res = scheduler.start { xs1.concat(xs2) }

        XCTAssertEqual(res.events, concatenated)
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(xs2.subscriptions, [Subscription(230, 250)])
    }

    func testStaticConcatVariadic() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs1, xs2) = makeSources(scheduler)
        let xs3 = scheduler.createColdObservable([.next(5, 4), .completed(10)])

        let res = scheduler.start { Observable.concat(xs1.asObservable(), xs2.asObservable(), xs3.asObservable()) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(240, 3), .next(255, 4), .completed(260)])
        XCTAssertEqual(xs3.subscriptions, [Subscription(250, 260)])
    }

    func testStaticConcatSequenceOfUnknownLength() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs1, xs2) = makeSources(scheduler)

        let res = scheduler.start { Observable.concat(AnySequence([xs1.asObservable(), xs2.asObservable()])) }

        XCTAssertEqual(res.events, concatenated)
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(xs2.subscriptions, [Subscription(230, 250)])
    }

    func testNestedConcatsRunInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs1, xs2) = makeSources(scheduler)
        let xs3 = scheduler.createColdObservable([.next(5, 4), .completed(10)])

        let res = scheduler.start { xs1.concat(xs2).concat(xs3) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(240, 3), .next(255, 4), .completed(260)])
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(xs2.subscriptions, [Subscription(230, 250)])
        XCTAssertEqual(xs3.subscriptions, [Subscription(250, 260)])
    }

    func testConcatOfNothingCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.concat([]) }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testErrorInFirstSourceSkipsTheRest() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createColdObservable([.next(10, 1), .error(20, ConcatTestError.boom)])
        let (_, xs2) = makeSources(scheduler)

        let res = scheduler.start { xs1.concat(xs2) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, ConcatTestError.boom)])
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(xs2.subscriptions, [])
    }

    func testErrorInSecondSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs1, _) = makeSources(scheduler)
        let xs2 = scheduler.createColdObservable([.next(10, 3), .error(15, ConcatTestError.boom)])

        let res = scheduler.start { xs1.concat(xs2) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(240, 3), .error(245, ConcatTestError.boom)])
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(xs2.subscriptions, [Subscription(230, 245)])
    }

    func testDisposalWhileInSecondSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs1, xs2) = makeSources(scheduler)

        let res = scheduler.start(disposed: 235) { xs1.concat(xs2) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2)])
        XCTAssertEqual(xs1.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(xs2.subscriptions, [Subscription(230, 235)])
    }

    func testHotSecondSourceLosesValuesSentBeforeItsTurn() {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs1, _) = makeSources(scheduler)
        let ys = scheduler.createHotObservable([.next(225, 9), .next(240, 10), .completed(260)])

        let res = scheduler.start { xs1.concat(ys) }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(240, 10), .completed(260)])
        XCTAssertEqual(ys.subscriptions, [Subscription(230, 260)])
    }

    func testObserverFeedingAndCompletingTheCurrentSource() {
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        var received: [Int] = []
        var completed = false
        let subscription = Observable.concat(first.asObservable(), second.asObservable()).subscribe(
            onNext: { value in
                received.append(value)
                if value == 1 { first.onNext(2) }
                if value == 2 { first.onCompleted() }
            },
            onCompleted: { completed = true })

        first.onNext(1)
        XCTAssertFalse(first.hasObservers)
        XCTAssertTrue(second.hasObservers)
        second.onNext(3)
        second.onCompleted()
        subscription.dispose()

        XCTAssertEqual(received, [1, 2, 3])
        XCTAssertTrue(completed)
    }

    func testLongChainOfSynchronousSourcesRunsInConstantStack() {
        var count = 0
        var completed = false
        _ = Observable.concat((0..<100_000).map { Observable.just($0) })
            .subscribe(onNext: { _ in count += 1 }, onCompleted: { completed = true })

        XCTAssertEqual(count, 100_000)
        XCTAssertTrue(completed)
    }

    func testLongSequenceOfUnknownLengthRunsInConstantStack() {
        var sum = 0
        var completed = false
        let sources = (0..<50_000).lazy.map { Observable.just($0) }
        _ = Observable.concat(AnySequence(sources))
            .subscribe(onNext: { sum += $0 }, onCompleted: { completed = true })

        XCTAssertEqual(sum, (0..<50_000).reduce(0, +))
        XCTAssertTrue(completed)
    }

    func testDeeplyNestedConcatsAreFlattened() {
        var received: [Int] = []
        let chain = (1..<5_000).reduce(Observable.just(0)) { chain, value in chain.concat(Observable.just(value)) }
        _ = chain.subscribe(onNext: { received.append($0) })

        XCTAssertEqual(received, Array(0..<5_000))
    }
}
