import Dispatch
import Foundation
import Reactive
import Synchronization
import XCTest

/// Whether `work`, run on another thread, finishes within a bound. Called from an observer or a
/// dispose, it tells whether the operator that called that code still holds a lock `work` needs:
/// then `work` waits for that lock and the bound passes. The bound only ends a wait that a bug
/// made endless; without the bug `work` finishes in microseconds.
private func finishesOnAnotherThread(_ work: @escaping @Sendable () -> Void) -> Bool {
    let finished = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        work()
        finished.signal()
    }
    return finished.wait(timeout: .now() + 5) == .success
}

extension Locked where Value: RangeReplaceableCollection {
    fileprivate func append(_ element: Value.Element) {
        withLock { $0.append(element) }
    }

    fileprivate var all: Value { withLock { $0 } }
}

/// No user code runs under an internal lock: an observer, a source's subscribe
/// closure and a dispose run with no lock of the operator held, so another thread can use the
/// operator meanwhile, and an observer taking a lock of its own cannot deadlock against the
/// operator (RxSwift #2653, #2698, #2711, #2713). Each test has the user code ask another thread to
/// use the same operator and fails if that thread is held.
final class LockOrderTests: XCTestCase {
    // MARK: Replaying sources

    func testABehaviorSubjectReplaysItsValueWithNoLockHeld() {
        let subject = BehaviorSubject(value: 1)
        let received = Locked<[Int]>([])
        let finished = Locked<[Bool]>([])
        let subscription = subject.subscribe(onNext: { value in
            received.append(value)
            guard value == 1 else { return }
            finished.append(finishesOnAnotherThread { subject.onNext(2) })
            finished.append(finishesOnAnotherThread { subject.subscribe(onNext: { _ in }).dispose() })
        })
        XCTAssertEqual(finished.all, [true, true])
        XCTAssertEqual(received.all, [1, 2], "the value sent during the replay follows it")
        subject.onNext(3)
        XCTAssertEqual(received.all, [1, 2, 3])
        subscription.dispose()
    }

    func testAReplaySubjectReplaysItsBufferWithNoLockHeld() {
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        subject.onNext(1)
        subject.onNext(2)
        let received = Locked<[Int]>([])
        let finished = Locked<[Bool]>([])
        let subscription = subject.subscribe(onNext: { value in
            received.append(value)
            guard value == 1 else { return }
            finished.append(finishesOnAnotherThread { subject.onNext(3) })
            finished.append(finishesOnAnotherThread { subject.subscribe(onNext: { _ in }).dispose() })
        })
        XCTAssertEqual(finished.all, [true, true])
        XCTAssertEqual(received.all, [1, 2, 3], "the replay comes whole, then the value sent meanwhile")
        subscription.dispose()
    }

    func testAReplaySubjectThatEndedReplaysItsEndAfterItsBuffer() {
        let subject = ReplaySubject<Int>.create(bufferSize: 1)
        subject.onNext(1)
        subject.onCompleted()
        let events = Locked<[String]>([])
        let finished = Locked<[Bool]>([])
        _ = subject.subscribe(
            onNext: { value in
                events.append("next \(value)")
                finished.append(finishesOnAnotherThread { subject.subscribe(onNext: { _ in }).dispose() })
            },
            onCompleted: { events.append("completed") }
        )
        XCTAssertEqual(finished.all, [true])
        XCTAssertEqual(events.all, ["next 1", "completed"])
    }

    func testShareReplayReplaysToALateSubscriberWithNoLockHeld() {
        let source = PublishSubject<Int>()
        nonisolated(unsafe) let shared = source.share(replay: 1)
        let first = shared.subscribe(onNext: { _ in })
        source.onNext(1)
        let received = Locked<[Int]>([])
        let finished = Locked<[Bool]>([])
        let late = shared.subscribe(onNext: { value in
            received.append(value)
            guard value == 1 else { return }
            finished.append(finishesOnAnotherThread { source.onNext(2) })
            finished.append(finishesOnAnotherThread { shared.subscribe(onNext: { _ in }).dispose() })
        })
        XCTAssertEqual(finished.all, [true, true])
        XCTAssertEqual(received.all, [1, 2])
        late.dispose()
        first.dispose()
    }

    /// RxSwift #2653 as it happened: one thread holds a lock of the app's and sends into the
    /// subject, while another subscribes with an observer that takes the same lock.
    func testAnObserverTakingTheAppsLockCannotDeadlockWithAThreadSendingUnderIt() {
        let subject = BehaviorSubject(value: 0)
        let appLock = NSLock()
        let replaying = DispatchSemaphore(value: 0)
        let subscribed = DispatchSemaphore(value: 0)
        let received = Locked<[Int]>([])
        nonisolated(unsafe) var subscription: Disposable?
        appLock.lock()
        DispatchQueue.global().async {
            subscription = subject.subscribe(onNext: { value in
                if value == 0 { replaying.signal() }
                appLock.lock()
                received.append(value)
                appLock.unlock()
            })
            subscribed.signal()
        }
        XCTAssertEqual(replaying.wait(timeout: .now() + 5), .success)
        // This thread holds the app's lock, which the replaying observer waits for.
        XCTAssertTrue(finishesOnAnotherThread { subject.onNext(1) }, "the sender waited for the subject's lock")
        appLock.unlock()
        XCTAssertEqual(subscribed.wait(timeout: .now() + 5), .success)
        XCTAssertEqual(received.all, [0, 1])
        subscription?.dispose()
    }

    /// Twenty threads subscribe to one `share(replay: 1)` while its source counts: each sees the
    /// count from where it joined, without a gap, a repeat, or a wait that does not end.
    func testSubscribersJoiningAShareReplayFromManyThreadsEachSeeAnUnbrokenCount() {
        let source = PublishSubject<Int>()
        nonisolated(unsafe) let shared = source.share(replay: 1)
        let keepAlive = shared.subscribe(onNext: { _ in })
        source.onNext(0)
        let broken = Locked<[String]>([])
        let group = DispatchGroup()
        let subscriptions = Locked<[Int]>([])
        nonisolated(unsafe) var disposables: [Disposable] = []
        let disposablesLock = NSLock()
        for subscriber in 0..<20 {
            DispatchQueue.global().async(group: group) {
                let last = Locked<Int?>(nil)
                let disposable = shared.subscribe(onNext: { value in
                    last.withLock { last in
                        if let previous = last, value != previous + 1 {
                            broken.append("subscriber \(subscriber) got \(value) after \(previous)")
                        }
                        last = value
                    }
                })
                disposablesLock.withLock { disposables.append(disposable) }
                subscriptions.append(subscriber)
            }
        }
        DispatchQueue.global().async(group: group) {
            for value in 1...20_000 { source.onNext(value) }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 30), .success, "a subscriber or the source never finished")
        XCTAssertEqual(subscriptions.all.count, 20)
        XCTAssertEqual(broken.all, [])
        disposablesLock.withLock { disposables.forEach { $0.dispose() } }
        keepAlive.dispose()
    }

    // MARK: Operators fed from several sources

    /// Subscribes to `make(a, b)`, runs `start`, and when the first value arrives has another
    /// thread run `meanwhile` (on the subject that is not delivering, as the Rx grammar wants): that
    /// thread must not wait for the operator, and what it sends follows the first value once the
    /// observer returned. Then runs `then` and checks every event received, values and completion.
    private func assertForwardsWithNoLockHeld(
        _ make: (PublishSubject<Int>, PublishSubject<Int>) -> Observable<Int>,
        start: (PublishSubject<Int>, PublishSubject<Int>) -> Void,
        meanwhile: @escaping @Sendable (PublishSubject<Int>, PublishSubject<Int>) -> Void,
        then: (PublishSubject<Int>, PublishSubject<Int>) -> Void = { _, _ in },
        receives expected: [String],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let received = Locked<[String]>([])
        let finished = Locked<[Bool]>([])
        let subscription = make(a, b).subscribe(
            onNext: { value in
                received.append("\(value)")
                guard received.all.count == 1 else { return }
                finished.append(finishesOnAnotherThread { meanwhile(a, b) })
            },
            onCompleted: { received.append("completed") }
        )
        start(a, b)
        XCTAssertEqual(finished.all, [true], "another thread waited for the operator while its observer ran", file: file, line: line)
        then(a, b)
        XCTAssertEqual(received.all, expected, file: file, line: line)
        subscription.dispose()
    }

    func testCombineLatestForwardsWithNoLockHeld() {
        assertForwardsWithNoLockHeld(
            { Observable.combineLatest($0, $1) { $0 + $1 } },
            start: {
                $0.onNext(1)
                $1.onNext(10)
            },
            meanwhile: { a, _ in a.onNext(2) },
            receives: ["11", "12"]
        )
    }

    func testZipForwardsWithNoLockHeld() {
        assertForwardsWithNoLockHeld(
            { Observable.zip($0, $1) { $0 + $1 } },
            start: {
                $0.onNext(1)
                $0.onNext(2)
                $1.onNext(10)
            },
            meanwhile: { a, _ in a.onNext(3) },
            then: { _, b in b.onNext(20) },
            receives: ["11", "22"]
        )
    }

    func testMergeForwardsWithNoLockHeld() {
        assertForwardsWithNoLockHeld(
            { Observable.merge($0, $1) },
            start: { a, _ in a.onNext(1) },
            meanwhile: { _, b in b.onNext(2) },
            receives: ["1", "2"]
        )
    }

    func testWithLatestFromForwardsWithNoLockHeld() {
        assertForwardsWithNoLockHeld(
            { $0.withLatestFrom($1) { $0 + $1 } },
            start: { a, b in
                b.onNext(10)
                a.onNext(1)
            },
            meanwhile: { _, b in b.onNext(20) },
            then: { a, _ in a.onNext(2) },
            receives: ["11", "22"]
        )
    }

    func testSampleForwardsWithNoLockHeld() {
        assertForwardsWithNoLockHeld(
            { $0.sample($1) },
            start: { a, b in
                a.onNext(1)
                b.onNext(0)
            },
            meanwhile: { a, _ in a.onNext(2) },
            then: { _, b in b.onNext(0) },
            receives: ["1", "2"]
        )
    }

    func testFlatMapLatestForwardsWithNoLockHeld() {
        assertForwardsWithNoLockHeld(
            { a, b in b.flatMapLatest { offset in a.map { $0 + offset } } },
            start: { a, b in
                b.onNext(10)
                a.onNext(1)
            },
            meanwhile: { _, b in b.onNext(20) },
            then: { a, _ in a.onNext(2) },
            receives: ["11", "22"]
        )
    }

    func testAmbForwardsWithNoLockHeld() {
        assertForwardsWithNoLockHeld(
            { $0.amb($1) },
            start: { a, _ in a.onNext(1) },
            meanwhile: { _, b in b.onNext(100) },
            then: { a, _ in a.onNext(2) },
            receives: ["1", "2"]
        )
    }

    func testTakeUntilForwardsWithNoLockHeld() {
        assertForwardsWithNoLockHeld(
            { $0.take(until: $1) },
            start: { a, _ in a.onNext(1) },
            meanwhile: { _, b in b.onNext(0) },
            then: { a, _ in a.onNext(2) },
            receives: ["1", "completed"]
        )
    }

    func testSkipUntilForwardsWithNoLockHeld() {
        assertForwardsWithNoLockHeld(
            { $0.skip(until: $1) },
            start: { a, b in
                a.onNext(0)
                b.onNext(0)
                a.onNext(1)
            },
            meanwhile: { _, b in b.onNext(0) },
            then: { a, _ in a.onNext(2) },
            receives: ["1", "2"]
        )
    }

    func testTheCollectionFormsForwardWithNoLockHeld() {
        assertForwardsWithNoLockHeld(
            { Observable.combineLatest([$0, $1]).map { $0.reduce(0, +) } },
            start: {
                $0.onNext(1)
                $1.onNext(10)
            },
            meanwhile: { a, _ in a.onNext(2) },
            receives: ["11", "12"]
        )
        assertForwardsWithNoLockHeld(
            { Observable.zip([$0, $1]).map { $0.reduce(0, +) } },
            start: {
                $0.onNext(1)
                $0.onNext(2)
                $1.onNext(10)
            },
            meanwhile: { a, _ in a.onNext(3) },
            then: { _, b in b.onNext(20) },
            receives: ["11", "22"]
        )
    }

    func testZipOverACollectionDisposesAFinishedSourceWithNoLockHeld() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let finished = Locked<[Bool]>([])
        let received = Locked<[[Int]]>([])
        let subscription = Observable.zip([
            a.do(onDispose: {
                guard finished.all.isEmpty else { return }
                finished.append(finishesOnAnotherThread { b.onNext(10) })
            }),
            b.asObservable(),
        ]).subscribe(onNext: received.append)
        a.onNext(1)
        a.onNext(2)
        a.onCompleted()
        XCTAssertEqual(finished.all, [true], "zip held its lock while disposing the finished source")
        XCTAssertEqual(received.all, [[1, 10]])
        subscription.dispose()
    }

    /// An event the observer itself sends into a source waits until the observer returns, so the
    /// observer is never re-entered (RxSwift's recursive lock would run it nested instead).
    func testAnEventTheObserverSendsIsDeliveredAfterItReturns() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        var steps: [String] = []
        let subscription = Observable.combineLatest(a, b) { $0 + $1 }.subscribe(onNext: { value in
            steps.append("begin \(value)")
            if value == 11 { b.onNext(20) }
            steps.append("end \(value)")
        })
        a.onNext(1)
        b.onNext(10)
        XCTAssertEqual(steps, ["begin 11", "end 11", "begin 21", "end 21"])
        subscription.dispose()
    }

    // MARK: Many threads at once

    /// Eight threads, released together, each send 2,000 values into their own source of
    /// `combine`, while the observer takes a lock the senders take between sends: nothing is lost
    /// or reordered, the observer is never entered twice at once, and all of it ends within a bound.
    private func assertManySendersAreSerialised(
        _ combine: ([PublishSubject<Int>]) -> Observable<[Int]>,
        file: StaticString = #filePath, line: UInt = #line,
        check: ([[Int]]) -> Void
    ) {
        let sources = (0..<8).map { _ in PublishSubject<Int>() }
        let appLock = NSLock()
        let inside = Atomic<Bool>(false)
        let overlaps = Atomic<Int>(0)
        let received = Locked<[[Int]]>([])
        let subscription = combine(sources).subscribe(onNext: { values in
            if inside.exchange(true, ordering: .acquiring) { overlaps.add(1, ordering: .relaxed) }
            appLock.withLock { received.append(values) }
            inside.store(false, ordering: .releasing)
        })
        let start = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        for source in sources {
            DispatchQueue.global().async(group: group) {
                start.wait()
                for value in 0..<2_000 {
                    source.onNext(value)
                    if value % 100 == 0 { appLock.withLock {} }
                }
            }
        }
        for _ in sources { start.signal() }
        XCTAssertEqual(group.wait(timeout: .now() + 60), .success, "a sender never finished", file: file, line: line)
        XCTAssertEqual(overlaps.load(ordering: .relaxed), 0, "the observer was entered twice at once", file: file, line: line)
        check(received.all)
        subscription.dispose()
    }

    func testManyThreadsSendingIntoAMergeAreSerialised() {
        assertManySendersAreSerialised({ Observable.merge($0).map { [$0] } }) { received in
            XCTAssertEqual(received.count, 16_000)
            XCTAssertEqual(received.map { $0[0] }.reduce(0, +), 8 * (0..<2_000).reduce(0, +))
        }
    }

    func testManyThreadsSendingIntoACombineLatestAreSerialised() {
        assertManySendersAreSerialised({ Observable.combineLatest($0) }) { received in
            XCTAssertEqual(received.last, Array(repeating: 1_999, count: 8), "the last combination holds every last value")
            for (earlier, later) in zip(received, received.dropFirst()) {
                XCTAssertTrue(zip(earlier, later).allSatisfy { $0 <= $1 }, "\(later) came after \(earlier)")
            }
        }
    }

    func testManyThreadsSendingIntoAZipAreSerialised() {
        assertManySendersAreSerialised({ Observable.zip($0) }) { received in
            XCTAssertEqual(received, (0..<2_000).map { Array(repeating: $0, count: 8) })
        }
    }

    // MARK: Subscribing and disposing user code

    func testMergeDisposesAFinishedInnerSubscriptionWithNoLockHeld() {
        let outer = PublishSubject<Int>()
        let inner = PublishSubject<Int>()
        let received = Locked<[Int]>([])
        let finished = Locked<[Bool]>([])
        let subscription =
            outer
            .flatMap { value -> Observable<Int> in
                guard value == 0 else { return .just(value) }
                return inner.do(onDispose: {
                    guard finished.all.isEmpty else { return }
                    finished.append(finishesOnAnotherThread { outer.onNext(5) })
                })
            }
            .subscribe(onNext: received.append)
        outer.onNext(0)
        inner.onNext(1)
        inner.onCompleted()
        XCTAssertEqual(finished.all, [true], "the merge held its lock while disposing the inner subscription")
        XCTAssertEqual(received.all, [1, 5])
        subscription.dispose()
    }

    func testAConnectableConnectsAndDisconnectsWithNoLockHeld() {
        nonisolated(unsafe) var connectable: ConnectableObservable<Int>?
        let finished = Locked<[String]>([])
        let source = Observable<Int>.create { observer in
            let subscribed = finishesOnAnotherThread { _ = connectable?.subscribe(onNext: { _ in }) }
            finished.append("subscribe \(subscribed)")
            observer.onNext(1)
            return Disposables.create {
                let disposed = finishesOnAnotherThread { _ = connectable?.subscribe(onNext: { _ in }) }
                finished.append("dispose \(disposed)")
            }
        }
        connectable = source.publish()
        let received = Locked<[Int]>([])
        let subscription = connectable!.subscribe(onNext: received.append)
        let connection = connectable!.connect()
        XCTAssertEqual(received.all, [1])
        connection.dispose()
        XCTAssertEqual(finished.all, ["subscribe true", "dispose true"])
        subscription.dispose()
    }

    func testRefCountConnectsAndDisconnectsWithNoLockHeld() {
        nonisolated(unsafe) var shared: Observable<Int>?
        let finished = Locked<[String]>([])
        let extra = Locked<Int>(0)
        let connections = Locked<Int>(0)
        nonisolated(unsafe) var joined: Disposable?
        let source = Observable<Int>.create { observer in
            let first = connections.withLock { count in
                count += 1
                return count == 1
            }
            if first {
                let subscribed = finishesOnAnotherThread {
                    joined = shared?.subscribe(onNext: { _ in extra.withLock { $0 += 1 } })
                }
                finished.append("subscribe \(subscribed)")
            }
            observer.onNext(1)
            return Disposables.create()
        }
        shared = source.publish().refCount()
        let received = Locked<[Int]>([])
        let subscription = shared!.subscribe(onNext: received.append)
        XCTAssertEqual(finished.all, ["subscribe true"], "refCount held its lock while connecting")
        XCTAssertEqual(received.all, [1])
        XCTAssertEqual(connections.withLock { $0 }, 1, "the second subscriber shares the connection")
        XCTAssertEqual(extra.withLock { $0 }, 1, "the second subscriber, there before the value, got it")
        subscription.dispose()
        joined?.dispose()
    }

    /// An observer is released when it unsubscribes; what its closures captured may have a
    /// `deinit` that uses the subject. That `deinit` runs with no lock of the subject held.
    func testAnUnsubscribedObserverIsReleasedWithNoLockOfTheSubjectHeld() {
        final class UsesTheSubjectWhenReleased: Sendable {
            let subject: PublishSubject<Int>
            let finished: Locked<[Bool]>
            init(_ subject: PublishSubject<Int>, _ finished: Locked<[Bool]>) {
                self.subject = subject
                self.finished = finished
            }
            deinit {
                let subject = self.subject
                finished.append(finishesOnAnotherThread { subject.subscribe(onNext: { _ in }).dispose() })
            }
        }
        let subject = PublishSubject<Int>()
        let finished = Locked<[Bool]>([])
        var captured: UsesTheSubjectWhenReleased? = UsesTheSubjectWhenReleased(subject, finished)
        let subscription = subject.subscribe(onNext: { [captured] _ in _ = captured })
        captured = nil
        subscription.dispose()
        XCTAssertEqual(finished.all, [true])

        // The same when the observer unsubscribes itself while it receives a value.
        var ownSubscription: Disposable?
        captured = UsesTheSubjectWhenReleased(subject, finished)
        ownSubscription = subject.subscribe(onNext: { [captured] _ in
            _ = captured
            ownSubscription?.dispose()
        })
        captured = nil
        subject.onNext(1)
        XCTAssertEqual(finished.all, [true, true])
    }

    /// The same for the subjects and shared sequences that keep their observers under a lock of
    /// their own: unsubscribing, or disposing the subject, releases the observer with none held.
    func testEverySubjectReleasesAnObserverItDropsWithNoLockHeld() {
        final class RunsWhenReleased: Sendable {
            let work: @Sendable () -> Void
            init(_ work: @escaping @Sendable () -> Void) { self.work = work }
            deinit { work() }
        }
        /// Subscribes to `source` with an observer whose release runs `use` on another thread,
        /// then lets `end` drop it.
        func check(_ name: String, _ source: Observable<Int>, use: @escaping @Sendable () -> Void, end: (Disposable) -> Void) {
            let finished = Locked<[Bool]>([])
            var captured: RunsWhenReleased? = RunsWhenReleased { finished.append(finishesOnAnotherThread(use)) }
            let subscription = source.subscribe(onNext: { [captured] _ in _ = captured })
            captured = nil
            end(subscription)
            XCTAssertEqual(finished.all, [true], name)
        }
        let replay = ReplaySubject<Int>.create(bufferSize: 1)
        check("ReplaySubject, unsubscribing", replay.asObservable(), use: { _ = replay.hasObservers }) { $0.dispose() }
        let disposedReplay = ReplaySubject<Int>.create(bufferSize: 1)
        check("ReplaySubject, disposed", disposedReplay.asObservable(), use: { _ = disposedReplay.hasObservers }) { _ in
            disposedReplay.dispose()
        }
        let async = AsyncSubject<Int>()
        check("AsyncSubject", async.asObservable(), use: { _ = async.hasObservers }) { $0.dispose() }
        let behavior = BehaviorSubject(value: 0)
        check("BehaviorSubject", behavior.asObservable(), use: { _ = behavior.hasObservers }) { $0.dispose() }
        let source = PublishSubject<Int>()
        nonisolated(unsafe) let shared = source.share(replay: 1)
        // Another observer keeps the connection: the one checked is removed, not the connection ended.
        let other = shared.subscribe(onNext: { _ in })
        check("share(replay:)", shared, use: { shared.subscribe(onNext: { _ in }).dispose() }) { $0.dispose() }
        other.dispose()
    }
}
