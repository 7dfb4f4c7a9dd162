import Foundation
import Reactive
import ReactiveTesting
import XCTest

/// RxSwift's `Infallible` operators and its fixed-arity `combineLatest` and `zip`, on virtual time.
final class InfallibleOperatorsTests: XCTestCase {
    private func values<Element>(_ infallible: Infallible<Element>) -> [Element] {
        var received: [Element] = []
        _ = infallible.subscribe(onNext: { received.append($0) })
        return received
    }

    func testFromASequence() {
        XCTAssertEqual(values(Infallible.from(1...3)), [1, 2, 3])
        XCTAssertEqual(values(Infallible.from(Set([5]))), [5])
    }

    func testTransformingAndFiltering() {
        let source = Infallible.of(1, 1, 2, 3, 3, 4)
        XCTAssertEqual(values(source.compactMap { $0 % 2 == 0 ? "\($0)" : nil }), ["2", "4"])
        XCTAssertEqual(values(source.distinctUntilChanged()), [1, 2, 3, 4])
        XCTAssertEqual(values(source.distinctUntilChanged { $0 / 2 }), [1, 2, 4])
        XCTAssertEqual(values(source.distinctUntilChanged { $0 + 1 == $1 }), [1, 1, 3, 3])
        XCTAssertEqual(values(source.distinctUntilChanged({ $0 % 3 }, comparer: ==)), [1, 2, 3, 4])
        XCTAssertEqual(values(Infallible.of("a", "b", "bb").distinctUntilChanged(at: \.count)), ["a", "bb"])
        XCTAssertEqual(values(source.startWith(0).take(3)), [0, 1, 1])
        XCTAssertEqual(values(source.take(while: { $0 < 3 })), [1, 1, 2])
        XCTAssertEqual(values(source.take(until: { $0 == 3 }, behavior: .inclusive)), [1, 1, 2, 3])
        XCTAssertEqual(values(source.skip(while: { $0 < 3 })), [3, 3, 4])
    }

    func testFlatteningAndConcatenating() {
        let source = Infallible.of(1, 2)
        XCTAssertEqual(values(source.flatMap { Infallible.of($0, $0 * 10) }), [1, 10, 2, 20])
        XCTAssertEqual(values(source.concatMap { Infallible.of($0, -$0) }), [1, -1, 2, -2])
        XCTAssertEqual(values(source.concat(Infallible.just(3))), [1, 2, 3])
        XCTAssertEqual(values(Infallible.concat(source, Infallible.just(9))), [1, 2, 9])
        XCTAssertEqual(values(Infallible.concat([source, source])), [1, 2, 1, 2])
        // `of` sends on the current-thread scheduler, which the subscription is already running on,
        // so its values follow `just`'s, as in RxSwift.
        XCTAssertEqual(values(Infallible.merge(source, Infallible.just(5))), [5, 1, 2])
        XCTAssertEqual(values(Infallible.merge([source])), [1, 2])
    }

    /// RxSwift's collection form of `Infallible.merge` concatenates; this one merges, as its name says.
    func testTheCollectionMergeMerges() {
        let scheduler = TestScheduler(initialClock: 0)
        let slow = scheduler.createColdObservable([.next(20, 1), .completed(30)])
        let fast = scheduler.createColdObservable([.next(10, 2), .completed(15)])
        let sources: ArraySlice<Infallible<Int>> = [
            slow.asInfallible(onErrorJustReturn: -1), fast.asInfallible(onErrorJustReturn: -1),
        ]
        let res = scheduler.start { Infallible.merge(sources) }
        XCTAssertEqual(res.events, [.next(210, 2), .next(220, 1), .completed(230)])
    }

    func testFlatMapLatestAndFirstOnVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let triggers = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let latest = scheduler.start {
            triggers.asInfallible(onErrorJustReturn: 0).flatMapLatest { value in
                Observable<Int>.timer(.seconds(15), scheduler: scheduler).map { _ in value }
            }
        }
        XCTAssertEqual(latest.events, [.next(235, 2), .completed(300)])

        let firstScheduler = TestScheduler(initialClock: 0)
        let firstTriggers = firstScheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let first = firstScheduler.start {
            firstTriggers.asInfallible(onErrorJustReturn: 0).flatMapFirst { value in
                Observable<Int>.timer(.seconds(15), scheduler: firstScheduler).map { _ in value }
            }
        }
        XCTAssertEqual(first.events, [.next(225, 1), .completed(300)])
    }

    func testTimingOperators() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(240, 3), .completed(300)])
        let debounced = scheduler.start { xs.asInfallible(onErrorJustReturn: 0).debounce(.seconds(10), scheduler: scheduler) }
        XCTAssertEqual(debounced.events, [.next(225, 2), .next(250, 3), .completed(300)])

        let throttling = TestScheduler(initialClock: 0)
        let ys = throttling.createHotObservable([.next(210, 1), .next(215, 2), .next(240, 3), .completed(300)])
        let throttled = throttling.start {
            ys.asInfallible(onErrorJustReturn: 0).throttle(.seconds(20), latest: false, scheduler: throttling)
        }
        XCTAssertEqual(throttled.events, [.next(210, 1), .next(240, 3), .completed(300)])

        let taking = TestScheduler(initialClock: 0)
        let zs = taking.createHotObservable([.next(210, 1), .next(240, 3), .completed(300)])
        let taken = taking.start { zs.asInfallible(onErrorJustReturn: 0).take(for: .seconds(20), scheduler: taking) }
        XCTAssertEqual(taken.events, [.next(210, 1), .completed(220)])
    }

    func testUntilAndLatestFrom() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(300)])
        let stop = scheduler.createHotObservable([.next(240, "stop")])
        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: 0).take(until: stop) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .completed(240)])

        let skipping = TestScheduler(initialClock: 0)
        let ys = skipping.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let start = skipping.createHotObservable([.next(220, "go")])
        let skipped = skipping.start { ys.asInfallible(onErrorJustReturn: 0).skip(until: start) }
        XCTAssertEqual(skipped.events, [.next(230, 2), .completed(300)])

        let sampling = TestScheduler(initialClock: 0)
        let taps = sampling.createHotObservable([.next(210, ()), .next(230, ()), .completed(300)])
        let text = sampling.createHotObservable([.next(220, "a")])
        let latest = sampling.start {
            taps.asInfallible(onErrorJustReturn: ()).withLatestFrom(text.asInfallible(onErrorJustReturn: ""))
        }
        XCTAssertEqual(latest.events, [.next(230, "a"), .completed(300)])
    }

    func testShareDoAndWithUnretained() {
        var subscriptions = 0
        var seen: [Int] = []
        let shared = Infallible.of(1, 2)
            .do(onNext: { seen.append($0) }, onSubscribe: { subscriptions += 1 })
            .share(replay: 1, scope: .forever)
        XCTAssertEqual(values(shared), [1, 2])
        XCTAssertEqual(seen, [1, 2])
        XCTAssertEqual(subscriptions, 1)

        final class Owner {}
        let owner = Owner()
        let pairs = values(Infallible.of(4).withUnretained(owner))
        XCTAssertTrue(pairs.first?.0 === owner)
        XCTAssertEqual(pairs.map(\.1), [4])
    }

    func testCombineLatestAndZipOfInfallibles() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .next(230, 2)]).asInfallible(onErrorJustReturn: 0)
        let b = scheduler.createHotObservable([.next(220, 10), .next(240, 20)]).asInfallible(onErrorJustReturn: 0)
        let res = scheduler.start { Infallible.combineLatest(a, b) { $0 + $1 } }
        XCTAssertEqual(res.events, [.next(220, 11), .next(230, 12), .next(240, 22)])

        let zipped = values(Infallible.zip(Infallible.of(1, 2), Infallible.of("a", "b", "c")))
        XCTAssertEqual(zipped.map { "\($0.0)\($0.1)" }, ["1a", "2b"])
        let sources = (1...8).map { Infallible.just($0) }
        let combined: Infallible<[Int]> = Infallible.combineLatest(
            sources[0], sources[1], sources[2], sources[3], sources[4], sources[5], sources[6], sources[7]
        ) { (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int, h: Int) -> [Int] in [a, b, c, d, e, f, g, h] }
        XCTAssertEqual(values(combined), [[1, 2, 3, 4, 5, 6, 7, 8]])
    }

    func testRelaysAsInfallible() {
        let behavior = BehaviorRelay(value: 1)
        let publish = PublishRelay<Int>()
        let replay = ReplayRelay<Int>.create(bufferSize: 1)
        replay.accept(7)
        var received: [Int] = []
        let bag = DisposeBag()
        bag.insert {
            behavior.asInfallible().subscribe(onNext: { received.append($0) })
            publish.asInfallible().subscribe(onNext: { received.append($0) })
            replay.asInfallible().subscribe(onNext: { received.append($0) })
        }
        publish.accept(2)
        behavior.accept(3)
        XCTAssertEqual(received, [1, 7, 2, 3])
    }
}
