import Dispatch
import Foundation
import Reactive
import ReactiveTesting
import ReactiveUI
import XCTest

final class ControlTests: XCTestCase {
    func testAControlEventSubscribesAtOnceOnTheMainThreadAndOnItFromElsewhere() {
        var subscribedOnMain: [Bool] = []
        let event = ControlEvent<Int>(
            events: Observable.deferred {
                subscribedOnMain.append(Thread.isMainThread)
                return Observable.just(1)
            })
        var values: [Int] = []
        _ = event.subscribe(onNext: { values.append($0) })
        XCTAssertEqual(values, [1], "subscribed on the main thread: at once")

        let done = expectation(description: "subscribed from a background thread")
        // Handed to the queue, which alone uses it from then on.
        let handoff = Handoff(event)
        DispatchQueue.global().async {
            _ = handoff.value.subscribe(onNext: { _ in done.fulfill() })
        }
        wait(for: [done], timeout: 10)
        XCTAssertEqual(subscribedOnMain, [true, true])
    }

    func testOrEmptyMapsNilBothWays() {
        let scheduler = TestScheduler(initialClock: 0)
        let sink = scheduler.createObserver(String?.self)
        let property = ControlProperty<String?>(values: Observable.just(nil), valueSink: sink)
        let orEmpty = property.orEmpty
        let observer = scheduler.createObserver(String.self)
        _ = orEmpty.subscribe(observer)
        orEmpty.on(.next("a"))
        XCTAssertEqual(observer.events, [.next(0, ""), .completed(0)])
        XCTAssertEqual(sink.events, [.next(0, "a")])
    }

    func testChangedSkipsTheCurrentValue() {
        let subject = BehaviorSubject(value: 0)
        let property = ControlProperty(values: subject, valueSink: AnyObserver<Int> { _ in })
        var changes: [Int] = []
        let subscription = property.changed.subscribe(onNext: { changes.append($0) })
        XCTAssertEqual(changes, [])
        subject.onNext(1)
        XCTAssertEqual(changes, [1])
        subscription.dispose()
        subject.onNext(2)
        XCTAssertEqual(changes, [1])
    }

    /// Why controls subscribe on `ConcurrentMainScheduler`: each wrap (`orEmpty`, `map` of a
    /// property) subscribes on it again, nested; `MainScheduler.instance` queues nested work, so a
    /// property built on it would give nothing synchronously.
    func testNestedSubscriptionsOnTheMainThreadRunAtOnceOnlyOnTheConcurrentMainScheduler() {
        var concurrent: [String] = []
        _ = Observable.just("x")
            .subscribe(on: ConcurrentMainScheduler.instance)
            .subscribe(on: ConcurrentMainScheduler.instance)
            .subscribe(onNext: { concurrent.append($0) })
        XCTAssertEqual(concurrent, ["x"])

        var main: [String] = []
        let queued = expectation(description: "queued on the main queue")
        _ = Observable.just("x")
            .subscribe(on: MainScheduler.instance)
            .subscribe(on: MainScheduler.instance)
            .subscribe(onNext: {
                main.append($0)
                queued.fulfill()
            })
        XCTAssertEqual(main, [], "the nested subscription waits for the main queue")
        wait(for: [queued], timeout: 10)
        XCTAssertEqual(main, ["x"])
    }

    @MainActor
    func testAControlPropertyAsADriverAndAControlEventAsASignal() {
        let value = BehaviorSubject(value: 1)
        let property = ControlProperty(values: value, valueSink: AnyObserver<Int> { _ in })
        var driven: [Int] = []
        _ = property.asDriver().drive(onNext: { driven.append($0) })
        value.onNext(2)
        XCTAssertEqual(driven, [1, 2])

        let taps = PublishSubject<Void>()
        var emitted = 0
        _ = ControlEvent(events: taps).asSignal().emit(onNext: { emitted += 1 })
        taps.onNext(())
        XCTAssertEqual(emitted, 1)
    }
}
