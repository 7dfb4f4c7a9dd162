import Dispatch
import Reactive
import Synchronization
import XCTest

/// Counts events delivered from any thread.
private final class EventCounter: Sendable {
    private let nexts = Atomic<Int>(0)
    private let sum = Atomic<Int>(0)
    func add(_ value: Int) {
        nexts.add(1, ordering: .relaxed)
        sum.add(value, ordering: .relaxed)
    }
    var count: Int { nexts.load(ordering: .relaxed) }
    var total: Int { sum.load(ordering: .relaxed) }
}

final class ThreadSafetyTests: XCTestCase {
    func testSeveralThreadsSendingIntoOneSubjectLoseNothing() {
        let subject = PublishSubject<Int>()
        let counter = EventCounter()
        let subscription = subject.subscribe(onNext: counter.add)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for value in 0..<10_000 { subject.onNext(thread * 10_000 + value) }
        }
        subscription.dispose()
        XCTAssertEqual(counter.count, 80_000)
        XCTAssertEqual(counter.total, (0..<80_000).reduce(0, +))
    }

    func testSubscribeAndDisposeRacingWithEmission() {
        let subject = PublishSubject<Int>()
        let counter = EventCounter()
        let permanent = subject.subscribe(onNext: counter.add)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            if thread % 2 == 0 {
                for value in 0..<5_000 { subject.onNext(value) }
            } else {
                for _ in 0..<2_000 {
                    let transient = subject.subscribe(onNext: { _ in })
                    transient.dispose()
                }
            }
        }
        XCTAssertEqual(counter.count, 4 * 5_000)
        permanent.dispose()
        XCTAssertFalse(subject.hasObservers)
    }

    func testBehaviorSubjectValueIsAlwaysOneThatWasSent() {
        let subject = BehaviorSubject(value: 0)
        let invalid = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 6) { thread in
            for value in 1...5_000 {
                if thread % 2 == 0 {
                    subject.onNext(value)
                } else if let current = try? subject.value(), !(0...5_000).contains(current) {
                    invalid.add(1, ordering: .relaxed)
                }
            }
        }
        XCTAssertEqual(invalid.load(ordering: .relaxed), 0)
        XCTAssertEqual(try subject.value() >= 1, true)
    }

    func testReplaySubjectSubscribersRacingWithValuesGetAConsistentPrefix() {
        let subject = ReplaySubject<Int>.createUnbounded()
        let gapsSeen = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            if thread == 0 {
                for value in 0..<20_000 { subject.onNext(value) }
            } else {
                for _ in 0..<50 {
                    // Values arrive in order with no gap, whether replayed or live.
                    let expected = Locked(0)
                    let subscription = subject.subscribe(onNext: { value in
                        expected.withLock { next in
                            if value != next { gapsSeen.add(1, ordering: .relaxed) }
                            next = value + 1
                        }
                    })
                    subscription.dispose()
                }
            }
        }
        XCTAssertEqual(gapsSeen.load(ordering: .relaxed), 0)
    }

    func testDisposeBagAcceptsInsertsFromManyThreads() {
        let disposedCount = Atomic<Int>(0)
        do {
            let bag = DisposeBag()
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                for _ in 0..<1_000 {
                    bag.insert(Disposables.create { disposedCount.add(1, ordering: .relaxed) })
                }
            }
            withExtendedLifetime(bag) { XCTAssertEqual(disposedCount.load(ordering: .relaxed), 0) }
        }
        XCTAssertEqual(disposedCount.load(ordering: .relaxed), 8_000)
    }

    func testBagsEndingSubjectSubscriptionsWhileAnotherThreadSends() {
        // Each bag's run of 200 subscriptions ends in batches, some while the sender is inside a
        // value (those wait for it to leave): a value in flight may still reach them, one sent
        // after the bag ended must not.
        let subject = PublishSubject<Int>()
        let started = Atomic<Int>(0)
        let lateValues = Atomic<Int>(0)
        let stop = Atomic<Bool>(false)
        let senderDone = DispatchSemaphore(value: 0)
        Thread {
            while !stop.load(ordering: .relaxed) {
                subject.onNext(started.add(1, ordering: .sequentiallyConsistent).newValue)
            }
            senderDone.signal()
        }.start()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<20 {
                let endedAt = Atomic<Int>(.max)
                var bag: DisposeBag? = DisposeBag()
                for _ in 0..<200 {
                    subject.subscribe(onNext: { value in
                        if value > endedAt.load(ordering: .sequentiallyConsistent) { lateValues.add(1, ordering: .relaxed) }
                    }).disposed(by: bag!)
                }
                bag = nil
                endedAt.store(started.load(ordering: .sequentiallyConsistent), ordering: .sequentiallyConsistent)
            }
        }
        stop.store(true, ordering: .relaxed)
        XCTAssertEqual(senderDone.wait(timeout: .now() + 10), .success, "the sender stops")
        XCTAssertEqual(lateValues.load(ordering: .relaxed), 0)
        XCTAssertFalse(subject.hasObservers)
    }

    func testCompositeDisposableUnderConcurrentInsertAndDispose() {
        let composite = CompositeDisposable()
        let disposedCount = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for _ in 0..<1_000 {
                _ = composite.insert(Disposables.create { disposedCount.add(1, ordering: .relaxed) })
            }
            if thread == 3 { composite.dispose() }
        }
        composite.dispose()
        // Everything inserted was disposed exactly once: before, by, or after the group's disposal.
        XCTAssertEqual(disposedCount.load(ordering: .relaxed), 8_000)
    }
}
