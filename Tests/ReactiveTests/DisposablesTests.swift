import Dispatch
import Reactive
import ReactiveTesting
import Synchronization
import XCTest

/// Counts calls from any thread.
private final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    func increment() { value.add(1, ordering: .relaxed) }
    var count: Int { value.load(ordering: .relaxed) }
}

final class DisposablesTests: XCTestCase {
    func testAnonymousDisposableRunsItsActionOnce() {
        let counter = Counter()
        let disposable = Disposables.create(with: counter.increment)
        XCTAssertFalse(disposable.isDisposed)
        disposable.dispose()
        disposable.dispose()
        XCTAssertTrue(disposable.isDisposed)
        XCTAssertEqual(counter.count, 1)
    }

    func testAnonymousDisposableRunsOnceUnderConcurrentDisposal() {
        let counter = Counter()
        // `Disposable` is not `Sendable` (RxSwift's closures capture anything), but every built-in
        // disposable is thread-safe; this test is about exactly that.
        nonisolated(unsafe) let disposable = Disposables.create(with: counter.increment)
        DispatchQueue.concurrentPerform(iterations: 64) { _ in disposable.dispose() }
        XCTAssertEqual(counter.count, 1)
    }

    func testCreateWithSeveralDisposablesDisposesEach() {
        let counter = Counter()
        let parts = (0..<5).map { _ in Disposables.create(with: counter.increment) }
        Disposables.create(parts[0], parts[1]).dispose()
        XCTAssertEqual(counter.count, 2)
        Disposables.create(parts[2], parts[3], parts[4]).dispose()
        XCTAssertEqual(counter.count, 5)
        let four = (0..<4).map { _ in Disposables.create(with: counter.increment) }
        Disposables.create(four[0], four[1], four[2], four[3]).dispose()
        XCTAssertEqual(counter.count, 9)
        let array = (0..<3).map { _ in Disposables.create(with: counter.increment) }
        Disposables.create(array).dispose()
        XCTAssertEqual(counter.count, 12)
    }

    func testCompositeDisposableDisposesMembersAndLateArrivals() {
        var order: [Int] = []
        let composite = CompositeDisposable()
        _ = composite.insert(Disposables.create { order.append(1) })
        let key = composite.insert(Disposables.create { order.append(2) })
        _ = composite.insert(Disposables.create { order.append(3) })
        XCTAssertEqual(composite.count, 3)
        composite.remove(for: key!)
        XCTAssertEqual(order, [2])
        XCTAssertEqual(composite.count, 2)
        composite.dispose()
        XCTAssertEqual(order, [2, 1, 3])
        XCTAssertTrue(composite.isDisposed)
        XCTAssertNil(composite.insert(Disposables.create { order.append(4) }))
        XCTAssertEqual(order, [2, 1, 3, 4])
    }

    func testSerialDisposableDisposesThePreviousDisposable() {
        var disposed: [String] = []
        let serial = SerialDisposable()
        serial.disposable = Disposables.create { disposed.append("first") }
        serial.disposable = Disposables.create { disposed.append("second") }
        XCTAssertEqual(disposed, ["first"])
        serial.dispose()
        XCTAssertEqual(disposed, ["first", "second"])
        serial.disposable = Disposables.create { disposed.append("late") }
        XCTAssertEqual(disposed, ["first", "second", "late"])
        XCTAssertTrue(serial.isDisposed)
    }

    func testSingleAssignmentDisposableDisposesOnArrivalAfterDisposal() {
        var disposed = 0
        let single = SingleAssignmentDisposable()
        single.dispose()
        XCTAssertTrue(single.isDisposed)
        single.setDisposable(Disposables.create { disposed += 1 })
        XCTAssertEqual(disposed, 1)

        let other = SingleAssignmentDisposable()
        other.setDisposable(Disposables.create { disposed += 1 })
        XCTAssertEqual(disposed, 1)
        other.dispose()
        other.dispose()
        XCTAssertEqual(disposed, 2)
    }

    func testBooleanDisposableRecordsDisposal() {
        let boolean = BooleanDisposable()
        XCTAssertFalse(boolean.isDisposed)
        boolean.dispose()
        XCTAssertTrue(boolean.isDisposed)
        XCTAssertTrue(BooleanDisposable.booleanDisposableTrue.isDisposed)
    }

    func testDisposeBagDisposesEverythingWhenReleased() {
        let counter = Counter()
        var bag: DisposeBag? = DisposeBag()
        for _ in 0..<10 { Disposables.create(with: counter.increment).disposed(by: bag!) }
        bag!.insert(Disposables.create(with: counter.increment), Disposables.create(with: counter.increment))
        XCTAssertEqual(counter.count, 0)
        bag = nil
        XCTAssertEqual(counter.count, 12)
    }

    func testDisposeBagBuilderCollectsDisposables() {
        let counter = Counter()
        var bag: DisposeBag? = DisposeBag {
            Disposables.create(with: counter.increment)
            Disposables.create(with: counter.increment)
        }
        XCTAssertNotNil(bag)
        bag = nil
        XCTAssertEqual(counter.count, 2)
    }

    func testDisposingASubscriptionStopsDelivery() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = subject.subscribe(onNext: { received.append($0) })
        subject.onNext(1)
        subscription.dispose()
        subject.onNext(2)
        XCTAssertEqual(received, [1])
        XCTAssertFalse(subject.hasObservers)
    }

    func testOnDisposedRunsOnDisposalAndAfterStopEvents() {
        var log: [String] = []
        let subject = PublishSubject<Int>()
        _ = subject.subscribe(onCompleted: { log.append("completed") }, onDisposed: { log.append("disposed") })
        subject.onCompleted()
        XCTAssertEqual(log, ["completed", "disposed"])

        log = []
        let other = PublishSubject<Int>()
        let subscription = other.subscribe(onDisposed: { log.append("disposed") })
        subscription.dispose()
        subscription.dispose()
        XCTAssertEqual(log, ["disposed"])
    }

    // MARK: RefCountDisposable, ScheduledDisposable, CompositeDisposable of many

    func testARefCountDisposableWaitsForEveryReference() {
        var log: [String] = []
        let refCount = RefCountDisposable(disposable: Disposables.create { log.append("disposed") })
        let first = refCount.retain()
        let second = refCount.retain()
        refCount.dispose()
        XCTAssertEqual(log, [], "two references are still held")
        XCTAssertFalse(refCount.isDisposed)
        first.dispose()
        first.dispose()
        XCTAssertEqual(log, [], "releasing one reference twice counts once")
        second.dispose()
        XCTAssertEqual(log, ["disposed"])
        XCTAssertTrue(refCount.isDisposed)
        refCount.retain().dispose()
        XCTAssertEqual(log, ["disposed"], "a reference taken afterwards does nothing")
    }

    func testARefCountDisposableWithNoReferenceDisposesAtOnce() {
        var log: [String] = []
        let refCount = RefCountDisposable(disposable: Disposables.create { log.append("disposed") })
        refCount.dispose()
        refCount.dispose()
        XCTAssertEqual(log, ["disposed"])
    }

    func testAScheduledDisposableDisposesOnItsScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        var disposedAt: [TestTime] = []
        let scheduled = ScheduledDisposable(scheduler: scheduler, disposable: Disposables.create { disposedAt.append(scheduler.clock) })
        scheduler.scheduleAt(100) {
            scheduled.dispose()
            scheduled.dispose()
        }
        scheduler.start()
        XCTAssertTrue(scheduled.isDisposed)
        XCTAssertEqual(disposedAt, [101], "once, on the scheduler")
    }

    func testACompositeOfFiveDisposesAllFive() {
        var log: [Int] = []
        let parts = (1...5).map { index in Disposables.create { log.append(index) } }
        let composite = CompositeDisposable(parts[0], parts[1], parts[2], parts[3], parts[4])
        XCTAssertEqual(composite.count, 5)
        composite.dispose()
        XCTAssertEqual(log, [1, 2, 3, 4, 5])
    }
}

/// A bag lets go of subscriptions that ended (RxSwift #2364) and still disposes the rest in order.
final class DisposeBagEndedEntriesTests: XCTestCase {
    func testSubscriptionsThatEndedAreLetGoWhileTheBagLives() {
        let bag = DisposeBag()
        weak var ended: AnyObject?
        weak var endedWithAction: AnyObject?
        weak var disposedByHand: AnyObject?
        weak var live: AnyObject?
        do {
            // (`just` and `never` answer with no subscription object at all: these make one.)
            let first = Observable.of(1, 2).subscribe(onNext: { _ in })
            ended = first as AnyObject
            first.disposed(by: bag)
            let second = Observable.of(2).subscribe(onNext: { _ in }, onDisposed: {})
            endedWithAction = second as AnyObject
            second.disposed(by: bag)
            let third = Disposables.create {}
            disposedByHand = third as AnyObject
            third.disposed(by: bag)
            third.dispose()
            let fourth = Observable<Int>.create { _ in Disposables.create {} }.subscribe(onNext: { _ in })
            live = fourth as AnyObject
            fourth.disposed(by: bag)
        }
        XCTAssertNotNil(ended, "nothing is let go before the bag looks")
        for value in 0..<200 { Observable.just(value).subscribe(onNext: { _ in }).disposed(by: bag) }
        XCTAssertNil(ended)
        XCTAssertNil(endedWithAction)
        XCTAssertNil(disposedByHand)
        XCTAssertNotNil(live, "a subscription still running stays")
    }

    func testSubjectSubscriptionsNeitherStartNorDelayTheLook() {
        // The bag looks when its other entries reach 64; subscriptions to a subject, which cannot
        // end on their own, are kept apart and counted by no look.
        let subject = PublishSubject<Int>()
        let bag = DisposeBag()
        subscribe(300, to: subject, into: bag)
        let ended = insertWatched(Observable.of(1).subscribe(onNext: { _ in }), into: bag)
        subscribe(300, to: subject, into: bag)
        insertRunning(62, into: bag)
        XCTAssertNotNil(ended(), "63 entries that can end: the bag has not looked yet")
        insertRunning(1, into: bag)
        XCTAssertNil(ended())
    }

    func testASubscriptionKeptByOneLookIsLetGoByTheNextOnceItEnded() {
        let subject = PublishSubject<Int>()
        let bag = DisposeBag()
        let running = insertWatched(subject.take(1).subscribe(onNext: { _ in }), into: bag)
        insertRunning(63, into: bag)
        XCTAssertNotNil(running(), "a subscription still running stays")
        subject.onNext(1)
        subscribe(500, to: subject, into: bag)
        insertRunning(64 * 4 - 64 - 1, into: bag)
        XCTAssertNotNil(running(), "the next look is at four times the 64 the first one kept")
        insertRunning(1, into: bag)
        XCTAssertNil(running())
    }

    /// Puts `count` subscriptions that never end into `bag`.
    private func insertRunning(_ count: Int, into bag: DisposeBag) {
        for _ in 0..<count {
            Observable<Int>.create { _ in Disposables.create {} }.subscribe(onNext: { _ in }).disposed(by: bag)
        }
    }

    /// Puts `subscription` into `bag`, and hands back what tells whether it is still alive.
    private func insertWatched(_ subscription: Disposable, into bag: DisposeBag) -> () -> AnyObject? {
        weak let watched = subscription as AnyObject
        subscription.disposed(by: bag)
        return { watched }
    }

    /// Puts `count` subscriptions to `subject` into `bag`: entries the bag cannot see end.
    private func subscribe(_ count: Int, to subject: PublishSubject<Int>, into bag: DisposeBag) {
        for _ in 0..<count { subject.subscribe(onNext: { _ in }).disposed(by: bag) }
    }

    func testTheSubscriptionsKeptAreDisposedInTheOrderTheyCame() {
        var disposed: [Int] = []
        var bag: DisposeBag? = DisposeBag()
        for index in 0..<1_000 {
            if index % 100 == 0 {
                Observable<Int>.never().subscribe(onDisposed: { disposed.append(index) }).disposed(by: bag!)
            } else {
                Observable.just(index).subscribe(onNext: { _ in }).disposed(by: bag!)
            }
        }
        bag = nil
        XCTAssertEqual(disposed, Array(stride(from: 0, to: 1_000, by: 100)))
    }
}
