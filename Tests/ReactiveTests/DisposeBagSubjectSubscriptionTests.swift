import Reactive
import XCTest

/// A bag keeps its subscriptions to subjects apart from its other entries, and ends a run of them
/// to one subject together: what it ends, and in which order, must not show it.
final class DisposeBagSubjectSubscriptionTests: XCTestCase {
    func testEverythingEndsInTheOrderItCameWhateverItIs() {
        let log = OrderLog()
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        var bag: DisposeBag? = DisposeBag()
        // Runs to one subject, broken by another subject's and by other disposables.
        for index in 0..<300 {
            switch index % 7 {
            case 0: Disposables.create { log.record(index) }.disposed(by: bag!)
            case 1, 2, 3: subscribe(to: first, recording: index, in: log).disposed(by: bag!)
            default: subscribe(to: second, recording: index, in: log).disposed(by: bag!)
            }
        }
        XCTAssertEqual(log.entries, [], "nothing ends before the bag goes")
        bag = nil
        XCTAssertEqual(log.entries, Array(0..<300))
    }

    func testARunLongerThanOneLockOfTheSubjectEndsWhole() {
        let subject = PublishSubject<Int>()
        var received = 0
        var bag: DisposeBag? = DisposeBag()
        for _ in 0..<1_000 { subject.subscribe(onNext: { _ in received += 1 }).disposed(by: bag!) }
        subject.onNext(1)
        XCTAssertEqual(received, 1_000)
        bag = nil
        subject.onNext(2)
        XCTAssertEqual(received, 1_000, "no observer is left")
        XCTAssertFalse(subject.hasObservers)
    }

    func testTheBagKeepsNeitherTheSubjectsNorTheirObserversAndLeaksNothing() {
        let before = Resources.total
        weak var weakSubject: PublishSubject<Int>?
        var bag: DisposeBag? = DisposeBag()
        do {
            for _ in 0..<3 {
                let subject = PublishSubject<Int>()
                for _ in 0..<100 { subject.subscribe(onNext: { _ in }).disposed(by: bag!) }
                weakSubject = subject
            }
        }
        XCTAssertNil(weakSubject, "the bag does not keep a subject alive")
        XCTAssertLessThan(Resources.total - before, 100, "a subject that goes lets go of its observers")
        bag = nil
        XCTAssertEqual(Resources.total, before, "every observer and every subject's storage is released")
    }

    func testABagEndedWhileTheSubjectSendsEndsItsSubscriptionsOnceTheValueIsSent() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var bag: DisposeBag? = DisposeBag()
        let ending = subject.subscribe(onNext: { value in if value == 1 { bag = nil } })
        for _ in 0..<100 { subject.subscribe(onNext: { received.append($0) }).disposed(by: bag!) }
        subject.onNext(1)
        XCTAssertNil(bag)
        XCTAssertEqual(received, Array(repeating: 1, count: 100), "a value reaches the observers there were when it was sent")
        subject.onNext(2)
        XCTAssertEqual(received.count, 100, "and the next one none of the bag's")
        ending.dispose()
        XCTAssertFalse(subject.hasObservers)
    }

    /// Subscribes to `subject` with an observer whose release records `index` in `log`.
    private func subscribe(to subject: PublishSubject<Int>, recording index: Int, in log: OrderLog) -> Disposable {
        let marker = ReleaseMarker { log.record(index) }
        return subject.subscribe(onNext: { _ in withExtendedLifetime(marker) {} })
    }
}

/// What ended, in order.
private final class OrderLog {
    private(set) var entries: [Int] = []
    func record(_ index: Int) { entries.append(index) }
}

/// Runs `onRelease` when released: shows when an observer capturing it is let go.
private final class ReleaseMarker {
    private let onRelease: () -> Void
    init(_ onRelease: @escaping () -> Void) { self.onRelease = onRelease }
    deinit { onRelease() }
}
