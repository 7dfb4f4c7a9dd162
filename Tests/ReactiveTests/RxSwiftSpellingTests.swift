import Foundation
import Reactive
import ReactiveTesting
import XCTest

private final class Door: NSObject {
    var title = ""
}

private struct TestError: Error {}

/// Declarations RxSwift 6.10 has that ported code names: the `NSObject` namespace, the bag's
/// initialisers, the traits' and infallibles' remaining API, and the older spellings.
final class RxSwiftSpellingTests: XCTestCase {
    func testEveryNSObjectHasAnRxNamespace() {
        let door = Door()
        _ = Observable.just("Open").bind(to: door.rx.title)
        XCTAssertEqual(door.title, "Open")
    }

    func testDisposeBagInitialisersHoldWhatTheyAreGivenAndDisposeInOrder() {
        var disposed: [Int] = []
        func disposable(_ number: Int) -> Disposable { Disposables.create { disposed.append(number) } }
        var variadic: DisposeBag? = DisposeBag(disposing: disposable(1), disposable(2))
        var array: DisposeBag? = DisposeBag(disposing: [disposable(3), disposable(4)])
        var built: DisposeBag? = DisposeBag(builder: {
            disposable(5)
            disposable(6)
        })
        var trailing: DisposeBag? = DisposeBag {
            disposable(7)
        }
        XCTAssertEqual(disposed, [])
        variadic = nil
        array = nil
        built = nil
        trailing = nil
        XCTAssertNil(variadic ?? array ?? built ?? trailing)
        XCTAssertEqual(disposed, [1, 2, 3, 4, 5, 6, 7])
    }

    func testInfallibleDebugCombineLatestOverACollectionAndItsObserverAlias() {
        var lines: [String] = []
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(240)]).asInfallible(onErrorJustReturn: 0)
        let b = scheduler.createHotObservable([.next(220, 2), .completed(250)]).asInfallible(onErrorJustReturn: 0)
        let summed = scheduler.start { Infallible.combineLatest([a, b]) { $0.reduce(0, +) } }
        XCTAssertEqual(summed.events, [.next(220, 3), .next(230, 5), .completed(250)])
        let second = TestScheduler(initialClock: 0)
        let c = second.createHotObservable([.next(210, 1), .completed(220)]).asInfallible(onErrorJustReturn: 0)
        XCTAssertEqual(second.start { Infallible.combineLatest([c]) }.events, [.next(210, [1]), .completed(220)])

        let send: (Infallible<Int>.InfallibleObserver) -> Void = { observer in
            observer(.next(1))
            observer(.completed)
        }
        _ = Infallible<Int>.create { observer in
            send(observer)
            return Disposables.create()
        }
        .debug("probe")
        .subscribe(onNext: { lines.append("\($0)") })
        XCTAssertEqual(lines, ["1"])
        XCTAssertEqual(InfallibleEvent.next(1).event, Event.next(1))
        XCTAssertEqual(InfallibleEvent<Int>.completed.event, Event.completed)
    }

    func testEveryIntegerTypeCountsAndSubjectsNameTheirObserverSide() {
        func maximum<Integer: RxAbstractInteger>(_: Integer.Type) -> Integer { .max }
        XCTAssertEqual(maximum(UInt8.self), 255)
        let subject: BehaviorSubject<Int>.SubjectObserverType = BehaviorSubject(value: 1)
        let replay: ReplaySubject<Int>.SubjectObserverType = ReplaySubject.create(bufferSize: 1)
        let async: AsyncSubject<Int>.SubjectObserverType = AsyncSubject()
        subject.onNext(2)
        replay.onNext(2)
        async.onNext(2)
        XCTAssertEqual(try subject.value(), 2)
    }

    @available(*, deprecated, message: "exercises the deprecated spellings")
    func testTheTraitsOlderCatchSpellings() {
        let single = TestScheduler(initialClock: 0).start { Single<Int>.error(TestError()).catchErrorJustReturn(1) }
        let maybe = TestScheduler(initialClock: 0).start { Maybe<Int>.error(TestError()).catchErrorJustReturn(2) }
        let recovered = TestScheduler(initialClock: 0).start { Single<Int>.error(TestError()).catchError { _ in .just(3) } }
        XCTAssertEqual(single.events, [.next(200, 1), .completed(200)])
        XCTAssertEqual(maybe.events, [.next(200, 2), .completed(200)])
        XCTAssertEqual(recovered.events, [.next(200, 3), .completed(200)])
    }
}
