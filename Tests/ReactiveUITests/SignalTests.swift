import Reactive
import ReactiveTesting
import ReactiveUI
import XCTest

private struct TestError: Error {}

final class SignalTests: XCTestCase {
    @MainActor
    func testEmitToObserversAndRelays() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int?.self)
        _ = Signal.just(1).emit(to: first)
        _ = Signal.just(1).emit(to: second)
        XCTAssertEqual(first.events, [.next(0, 1), .completed(0)])
        XCTAssertEqual(second.events, [.next(0, 1), .completed(0)])

        let behavior = BehaviorRelay(value: 0)
        let publish = PublishRelay<Int>()
        let replay = ReplayRelay<Int?>.create(bufferSize: 1)
        var published: [Int] = []
        _ = publish.subscribe(onNext: { published.append($0) })
        _ = Signal.just(1).emit(to: behavior)
        _ = Signal.just(2).emit(to: publish)
        _ = Signal.just(3).emit(to: replay)
        XCTAssertEqual(behavior.value, 1)
        XCTAssertEqual(published, [2])
        var replayed: [Int?] = []
        _ = replay.subscribe(onNext: { replayed.append($0) })
        XCTAssertEqual(replayed, [3])
    }

    @MainActor
    func testARelayAsASignalDeliversOnlyLaterValues() {
        let relay = PublishRelay<Int>()
        let signal = relay.asSignal()
        var early: [Int] = []
        var late: [Int] = []
        let first = signal.emit(onNext: { early.append($0) })
        relay.accept(1)
        let second = signal.emit(onNext: { late.append($0) })
        relay.accept(2)
        XCTAssertEqual(early, [1, 2])
        XCTAssertEqual(late, [2], "a signal replays nothing")
        first.dispose()
        second.dispose()
    }

    func testErrorsBecomeTheReplacementAndCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError())])
        var justReturn: TestableObserver<Int>!
        SharingScheduler.mock(scheduler: scheduler) {
            justReturn = scheduler.start { xs.asSignal(onErrorJustReturn: -1) }
        }
        XCTAssertEqual(justReturn.events, [.next(211, 1), .next(221, -1), .completed(221)])

        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable([.next(210, 1), .error(220, TestError())])
        var signalWith: TestableObserver<Int>!
        SharingScheduler.mock(scheduler: other) {
            signalWith = other.start { ys.asSignal(onErrorSignalWith: .just(-2)) }
        }
        XCTAssertEqual(signalWith.events, [.next(211, 1), .next(222, -2), .completed(222)])
    }

    @MainActor
    func testWithUnretainedEndsWhenItsObjectGoes() {
        final class Owner {}
        var owner: Owner? = Owner()
        let relay = PublishRelay<Int>()
        var values: [Int] = []
        var completed = false
        _ = relay.asSignal().withUnretained(owner!).emit(onNext: { values.append($1) }, onCompleted: { completed = true })
        relay.accept(1)
        owner = nil
        relay.accept(2)
        XCTAssertEqual(values, [1])
        XCTAssertTrue(completed)
    }

    func testValuesAsAnAsyncStream() async {
        let relay = BehaviorRelay(value: 1)
        let stream = await MainActor.run { relay.asDriver().values }
        var iterator = stream.makeAsyncIterator()
        let first = await iterator.next()
        XCTAssertEqual(first, 1)
    }
}
