import Reactive
import XCTest

private struct SubjectTestError: Error, Equatable {}

/// Records what an observer receives, as readable strings.
private final class Recorder<Element> {
    var log: [String] = []
    func record(_ event: Event<Element>) { log.append(event.debugDescription) }
}

final class PublishSubjectTests: XCTestCase {
    func testSendsOnlyLaterValuesToEachObserver() {
        let subject = PublishSubject<Int>()
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        _ = subject.subscribe(first.record)
        subject.onNext(1)
        _ = subject.subscribe(second.record)
        subject.onNext(2)
        subject.onCompleted()
        subject.onNext(3)
        XCTAssertEqual(first.log, ["next(1)", "next(2)", "completed"])
        XCTAssertEqual(second.log, ["next(2)", "completed"])
    }

    func testLateSubscriberGetsTheStopEventOnly() {
        let subject = PublishSubject<Int>()
        subject.onNext(1)
        subject.onError(SubjectTestError())
        let late = Recorder<Int>()
        _ = subject.subscribe(late.record)
        XCTAssertEqual(late.log, ["error(SubjectTestError())"])
    }

    func testHasObserversFollowsSubscriptions() {
        let subject = PublishSubject<Int>()
        XCTAssertFalse(subject.hasObservers)
        let subscription = subject.subscribe { _ in }
        XCTAssertTrue(subject.hasObservers)
        subscription.dispose()
        XCTAssertFalse(subject.hasObservers)
    }

    func testDisposedSubjectReportsDisposedToNewObservers() {
        let subject = PublishSubject<Int>()
        subject.dispose()
        XCTAssertTrue(subject.isDisposed)
        var error: Error?
        _ = subject.subscribe(onError: { error = $0 })
        guard case .disposed? = error as? RxError else { return XCTFail("expected RxError.disposed, got \(String(describing: error))") }
    }

    func testObserverThatSendsIntoItsOwnSubjectSeesItsValueAfterTheCurrentOne() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        _ = subject.subscribe(onNext: { value in
            received.append(value)
            if value < 3 { subject.onNext(value + 1) }
        })
        subject.onNext(1)
        XCTAssertEqual(received, [1, 2, 3])
    }

    func testUnsubscribingManyObserversKeepsTheRestInOrder() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var subscriptions: [Disposable] = []
        for index in 0..<100 {
            subscriptions.append(subject.subscribe(onNext: { _ in received.append(index) }))
        }
        for index in stride(from: 0, to: 100, by: 2) { subscriptions[index].dispose() }
        for index in 0..<40 where index % 2 == 1 { subscriptions[index].dispose() }
        subject.onNext(0)
        XCTAssertEqual(received, Array(stride(from: 41, to: 100, by: 2)))
    }

    func testUnsubscribingInAnyOrderWithSubscriptionsInBetweenReachesExactlyTheLiveObservers() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var subscriptions: [Int: Disposable] = [:]
        var nextIndex = 0
        func subscribe(_ count: Int) {
            for _ in 0..<count {
                let index = nextIndex
                nextIndex += 1
                subscriptions[index] = subject.subscribe(onNext: { _ in received.append(index) })
            }
        }
        // A fixed pseudo-random order (a linear congruential generator), so a failure repeats.
        var seed: UInt64 = 12345
        func random(below bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        subscribe(300)
        for round in 0..<12 {
            // Unsubscribe a random part (some twice), then subscribe more: keys keep growing while
            // compactions move them.
            for _ in 0..<(subscriptions.count / 2) {
                let live = subscriptions.keys.sorted()
                let index = live[random(below: live.count)]
                subscriptions[index]?.dispose()
                subscriptions[index]?.dispose()
                subscriptions[index] = nil
            }
            subscribe(round * 10)
            received = []
            subject.onNext(round)
            XCTAssertEqual(received, subscriptions.keys.sorted(), "round \(round)")
        }
    }
}

final class BehaviorSubjectTests: XCTestCase {
    func testNewObserverGetsTheCurrentValueFirst() {
        let subject = BehaviorSubject(value: 0)
        let first = Recorder<Int>()
        _ = subject.subscribe(first.record)
        subject.onNext(1)
        let second = Recorder<Int>()
        _ = subject.subscribe(second.record)
        subject.onNext(2)
        XCTAssertEqual(first.log, ["next(0)", "next(1)", "next(2)"])
        XCTAssertEqual(second.log, ["next(1)", "next(2)"])
        XCTAssertEqual(try subject.value(), 2)
    }

    func testValueThrowsTheStoppingErrorOrDisposed() {
        let failed = BehaviorSubject(value: 1)
        failed.onError(SubjectTestError())
        XCTAssertThrowsError(try failed.value()) { XCTAssertEqual($0 as? SubjectTestError, SubjectTestError()) }

        let completed = BehaviorSubject(value: 1)
        completed.onNext(5)
        completed.onCompleted()
        XCTAssertEqual(try completed.value(), 5)

        let disposed = BehaviorSubject(value: 1)
        disposed.dispose()
        XCTAssertThrowsError(try disposed.value()) { error in
            guard case .disposed? = error as? RxError else { return XCTFail("expected disposed, got \(error)") }
        }
    }

    func testAfterCompletionANewObserverGetsOnlyCompleted() {
        let subject = BehaviorSubject(value: 1)
        subject.onCompleted()
        let late = Recorder<Int>()
        _ = subject.subscribe(late.record)
        XCTAssertEqual(late.log, ["completed"])
    }

    func testObserverMaySendIntoTheSubjectWhileReceivingTheCurrentValue() {
        let subject = BehaviorSubject(value: 1)
        var received: [Int] = []
        _ = subject.subscribe(onNext: { value in
            received.append(value)
            if value == 1 { subject.onNext(2) }
        })
        XCTAssertEqual(received, [1, 2])
        XCTAssertEqual(try subject.value(), 2)
    }
}

final class ReplaySubjectTests: XCTestCase {
    func testReplaysTheLastBufferSizeValues() {
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        for value in 1...5 { subject.onNext(value) }
        let late = Recorder<Int>()
        _ = subject.subscribe(late.record)
        subject.onNext(6)
        XCTAssertEqual(late.log, ["next(4)", "next(5)", "next(6)"])
    }

    func testUnboundedReplaysEverythingThenTheStopEvent() {
        let subject = ReplaySubject<Int>.createUnbounded()
        for value in 1...200 { subject.onNext(value) }
        subject.onCompleted()
        var received: [Int] = []
        var completed = false
        _ = subject.subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
        XCTAssertEqual(received, Array(1...200))
        XCTAssertTrue(completed)
    }

    func testBoundedBufferStaysBoundedOverManyValues() {
        let subject = ReplaySubject<Int>.create(bufferSize: 3)
        for value in 1...1_000 { subject.onNext(value) }
        let late = Recorder<Int>()
        _ = subject.subscribe(late.record)
        XCTAssertEqual(late.log, ["next(998)", "next(999)", "next(1000)"])
    }

    func testBufferSizeZeroReplaysNothing() {
        let subject = ReplaySubject<Int>.create(bufferSize: 0)
        subject.onNext(1)
        let late = Recorder<Int>()
        _ = subject.subscribe(late.record)
        XCTAssertEqual(late.log, [])
    }

    func testDisposedSubjectReportsDisposed() {
        let subject = ReplaySubject<Int>.create(bufferSize: 1)
        subject.dispose()
        var error: Error?
        _ = subject.subscribe(onError: { error = $0 })
        guard case .disposed? = error as? RxError else { return XCTFail("expected disposed") }
    }
}

final class AsyncSubjectTests: XCTestCase {
    func testSendsOnlyTheLastValueOnCompletion() {
        let subject = AsyncSubject<Int>()
        let early = Recorder<Int>()
        _ = subject.subscribe(early.record)
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(early.log, [])
        subject.onCompleted()
        let late = Recorder<Int>()
        _ = subject.subscribe(late.record)
        XCTAssertEqual(early.log, ["next(2)", "completed"])
        XCTAssertEqual(late.log, ["next(2)", "completed"])
    }

    func testPassesTheErrorWithoutAValue() {
        let subject = AsyncSubject<Int>()
        let recorder = Recorder<Int>()
        _ = subject.subscribe(recorder.record)
        subject.onNext(1)
        subject.onError(SubjectTestError())
        XCTAssertEqual(recorder.log, ["error(SubjectTestError())"])
    }

    func testCompletesEmptyWithoutAValue() {
        let subject = AsyncSubject<Int>()
        subject.onCompleted()
        let recorder = Recorder<Int>()
        _ = subject.subscribe(recorder.record)
        XCTAssertEqual(recorder.log, ["completed"])
    }
}

final class RelayTests: XCTestCase {
    func testPublishRelayAcceptsValuesAndNeverStops() {
        let relay = PublishRelay<Int>()
        var received: [Int] = []
        _ = relay.subscribe(onNext: { received.append($0) })
        relay.accept(1)
        relay.accept(2)
        XCTAssertEqual(received, [1, 2])
    }

    func testBehaviorRelayHoldsAValue() {
        let relay = BehaviorRelay(value: "a")
        var received: [String] = []
        _ = relay.asObservable().subscribe(onNext: { received.append($0) })
        relay.accept("b")
        XCTAssertEqual(relay.value, "b")
        XCTAssertEqual(received, ["a", "b"])
    }

    func testReplayRelayReplays() {
        let relay = ReplayRelay<Int>.create(bufferSize: 1)
        relay.accept(1)
        relay.accept(2)
        var received: [Int] = []
        _ = relay.subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, [2])
        let unbounded = ReplayRelay<Int>.createUnbounded()
        unbounded.accept(1)
        unbounded.accept(2)
        var all: [Int] = []
        _ = unbounded.subscribe(onNext: { all.append($0) })
        XCTAssertEqual(all, [1, 2])
    }

    func testBindToRelaysAndObservers() {
        let publish = PublishRelay<Int>()
        let behavior = BehaviorRelay<Int?>(value: nil)
        var fromPublish: [Int] = []
        _ = publish.subscribe(onNext: { fromPublish.append($0) })
        let source = PublishSubject<Int>()
        _ = source.bind(to: publish)
        _ = source.bind(to: behavior)
        var fromObserver: [Int] = []
        _ = source.bind(to: AnyObserver<Int> { if let value = $0.element { fromObserver.append(value) } })
        var fromClosure: [Int] = []
        _ = source.bind(onNext: { fromClosure.append($0) })
        source.onNext(7)
        XCTAssertEqual(fromPublish, [7])
        XCTAssertEqual(behavior.value, 7)
        XCTAssertEqual(fromObserver, [7])
        XCTAssertEqual(fromClosure, [7])
    }
}
