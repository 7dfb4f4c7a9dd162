import Dispatch
import Reactive
import Synchronization
import XCTest

/// Observers that change while a subject is sending a value (subjects send without a
/// lock or a snapshot copy). A value reaches exactly the observers subscribed when it was sent,
/// as RxSwift's snapshot gives: one added meanwhile waits for the next value, one removed meanwhile
/// still gets this one and no other.
final class SubjectObserverChangeTests: XCTestCase {
    /// The subjects whose `onNext` sends to their observers, each with a fresh instance.
    private let subjects: [(name: String, make: () -> (subject: Observable<Int>, send: (Int) -> Void))] = [
        (
            "PublishSubject",
            {
                let subject = PublishSubject<Int>()
                return (subject.asObservable(), subject.onNext)
            }
        ),
        (
            "BehaviorSubject",
            {
                let subject = BehaviorSubject(value: 0)
                return (subject.asObservable(), subject.onNext)
            }
        ),
    ]

    func testAnObserverAddedDuringAValueGetsOnlyLaterValues() {
        for (name, make) in subjects {
            let (subject, send) = make()
            var late: [Int] = []
            var lateSubscription: Disposable?
            let first = subject.subscribe(onNext: { value in
                if value == 1 { lateSubscription = subject.subscribe(onNext: { late.append($0) }) }
            })
            send(1)
            send(2)
            // A BehaviorSubject replays its current value (1) to the late observer as it subscribes.
            XCTAssertEqual(late, name == "BehaviorSubject" ? [1, 2] : [2], name)
            first.dispose()
            lateSubscription?.dispose()
        }
    }

    func testAnObserverRemovedDuringAValueStillGetsThatValueAndNoLaterOne() {
        for (name, make) in subjects {
            let (subject, send) = make()
            var second: Disposable?
            var received: [Int] = []
            let first = subject.subscribe(onNext: { value in
                if value == 1 { second?.dispose() }
            })
            second = subject.subscribe(onNext: { received.append($0) })
            send(1)
            send(2)
            XCTAssertEqual(received.filter { $0 != 0 }, [1], name)
            first.dispose()
        }
    }

    func testAValueSentFromAnObserverReachesTheObserverItJustSubscribed() {
        for (name, make) in subjects {
            let (subject, send) = make()
            var late: [Int] = []
            var lateSubscription: Disposable?
            let first = subject.subscribe(onNext: { value in
                guard value == 1 else { return }
                lateSubscription = subject.subscribe(onNext: { late.append($0) })
                send(10)
            })
            send(1)
            XCTAssertEqual(late.filter { $0 != 1 }, [10], name)
            first.dispose()
            lateSubscription?.dispose()
        }
    }

    func testAnObserverRemovingItselfAndAnotherDuringAValue() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        var subscriptions: [Disposable] = []
        for index in 0..<4 {
            subscriptions.append(
                subject.subscribe(onNext: { value in
                    log.append("\(index):\(value)")
                    if index == 1 && value == 1 {
                        subscriptions[1].dispose()
                        subscriptions[3].dispose()
                        subscriptions.append(subject.subscribe(onNext: { log.append("new:\($0)") }))
                    }
                }))
        }
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(log, ["0:1", "1:1", "2:1", "3:1", "0:2", "2:2", "new:2"])
        XCTAssertTrue(subject.hasObservers)
        for subscription in subscriptions { subscription.dispose() }
        XCTAssertFalse(subject.hasObservers)
    }

    func testHasObserversCountsChangesMadeDuringAValue() {
        let subject = PublishSubject<Int>()
        var seen: [Bool] = []
        var own: Disposable?
        own = subject.subscribe(onNext: { _ in
            own?.dispose()
            seen.append(subject.hasObservers)
            let other = subject.subscribe(onNext: { _ in })
            seen.append(subject.hasObservers)
            other.dispose()
            seen.append(subject.hasObservers)
        })
        subject.onNext(1)
        XCTAssertEqual(seen, [false, true, false])
        XCTAssertFalse(subject.hasObservers)
    }

    func testThousandsOfOneShotObserversEndingOnOneValue() {
        let subject = PublishSubject<Int>()
        let before = Resources.total
        var received = 0
        var subscriptions: [Disposable] = []
        for _ in 0..<10_000 {
            subscriptions.append(subject.take(1).subscribe(onNext: { received += $0 }))
        }
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(received, 10_000, "each got the first value, once")
        XCTAssertFalse(subject.hasObservers)
        subscriptions.removeAll()
        XCTAssertEqual(Resources.total, before, "every sink and observer is released")
    }

    func testCompletionDuringAValueEndsEveryObserverOnce() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        for index in 0..<3 {
            _ = subject.subscribe(
                onNext: { value in
                    log.append("\(index):\(value)")
                    if index == 0 { subject.onCompleted() }
                },
                onCompleted: { log.append("\(index):completed") })
        }
        subject.onNext(1)
        subject.onNext(2)
        // The completion reaches everyone during the value; an observer that has completed takes
        // no more of the value being sent (RxSwift's observers stop the same way).
        XCTAssertEqual(log, ["0:1", "0:completed", "1:completed", "2:completed"])
        XCTAssertFalse(subject.hasObservers)
    }

    /// A subscription holds the subject's observers, not the subject: a subject that goes while a
    /// bag still holds subscriptions to it is released, its observers with it, and the rest goes
    /// with the bag.
    func testASubjectIsReleasedWhileABagStillHoldsSubscriptionsToIt() {
        final class Captured {}
        let before = Resources.total
        var bag: DisposeBag? = DisposeBag()
        weak var publish: PublishSubject<Int>?
        weak var behavior: BehaviorSubject<Int>?
        weak var captured: Captured?
        var received: [Int] = []
        do {
            let publishSubject = PublishSubject<Int>()
            let behaviorSubject = BehaviorSubject(value: 1)
            let capturedObject = Captured()
            publish = publishSubject
            behavior = behaviorSubject
            captured = capturedObject
            publishSubject.subscribe(onNext: { [capturedObject] in
                _ = capturedObject
                received.append($0)
            }).disposed(by: bag!)
            behaviorSubject.subscribe(onNext: { received.append($0) }).disposed(by: bag!)
            publishSubject.onNext(2)
        }
        XCTAssertNil(publish, "the PublishSubject is released")
        XCTAssertNil(behavior, "the BehaviorSubject is released")
        XCTAssertNil(captured, "the observers are released with their subject")
        bag = nil
        XCTAssertEqual(received, [1, 2])
        XCTAssertEqual(Resources.total, before, "nothing is left once the bag goes")
    }

    /// A BehaviorSubject hands its current value to a new observer through a gate, which queues
    /// what is sent meanwhile; once the replay is over the observer takes the gate's place.
    func testABehaviorSubjectsObserverTakesItsReplayGatesPlaceAfterTheReplay() {
        let subject = BehaviorSubject(value: 1)
        var received: [Int] = []
        let before = Resources.total
        let subscription = subject.subscribe(onNext: { value in
            received.append(value)
            if value == 1 { subject.onNext(2) }
        })
        XCTAssertEqual(Resources.total, before + 1, "only the observer is left: the gate is released")
        subject.onNext(3)
        XCTAssertEqual(received, [1, 2, 3])
        subscription.dispose()
        XCTAssertEqual(Resources.total, before)
    }

    func testDisposingASubscriptionTwiceRemovesOnlyItsObserver() {
        let subject = PublishSubject<Int>()
        var received: [String] = []
        let first = subject.subscribe(onNext: { received.append("first \($0)") })
        let second = subject.subscribe(onNext: { received.append("second \($0)") })
        first.dispose()
        first.dispose()
        subject.onNext(1)
        XCTAssertEqual(received, ["second 1"])
        second.dispose()
        XCTAssertFalse(subject.hasObservers)
    }

    func testObserversChangingOnOtherThreadsWhileValuesAreSent() {
        observersChangingOnOtherThreads(PublishSubject<Int>(), replayed: 0)
        observersChangingOnOtherThreads(BehaviorSubject(value: 0), replayed: 1)
    }

    /// Two threads send 20,000 values each while two others subscribe and unsubscribe (some
    /// observers ending themselves from inside a value); `replayed` is what the subject gives a
    /// new observer at once.
    private func observersChangingOnOtherThreads<Subject: ObservableType & ObserverType & Sendable>(
        _ subject: Subject, replayed: Int, file: StaticString = #filePath, line: UInt = #line
    ) where Subject.Element == Int {
        let permanentCount = Atomic<Int>(0)
        let permanent = subject.subscribe(onNext: { _ in permanentCount.add(1, ordering: .relaxed) })
        let before = Resources.total
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            if thread < 2 {
                for value in 1...20_000 { subject.onNext(value) }
            } else {
                for _ in 0..<3_000 {
                    let transient = subject.subscribe(onNext: { _ in })
                    // Ends itself from inside a value; its disposable is not kept.
                    _ = subject.take(1).subscribe(onNext: { _ in })
                    transient.dispose()
                }
            }
        }
        // One more value ends the one-shot observers still waiting: nothing is left but the permanent one.
        subject.onNext(0)
        XCTAssertEqual(permanentCount.load(ordering: .relaxed), replayed + 40_001, file: file, line: line)
        XCTAssertEqual(Resources.total, before, "every transient observer is released", file: file, line: line)
        permanent.dispose()
    }
}
