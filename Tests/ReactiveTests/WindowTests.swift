import Reactive
import ReactiveTesting
import XCTest

private enum WindowTestError: Error { case failed }

/// Subscribes to each window as it opens and tags its values with the window's index: what RxSwift's
/// tests do with `enumerated` and `merge`, which are not part of this family.
private func tagged(_ windows: Observable<Observable<Int>>) -> Observable<String> {
    Observable.create { observer in
        let group = CompositeDisposable()
        var index = 0
        let outer = windows.subscribe(
            onNext: { window in
                let current = index
                index += 1
                _ = group.insert(window.subscribe(onNext: { observer.onNext("\(current) \($0)") }))
            },
            onError: { observer.onError($0) },
            onCompleted: { observer.onCompleted() })
        _ = group.insert(outer)
        return group
    }
}

final class WindowTests: XCTestCase {
    private func makeSource(_ scheduler: TestScheduler, end: Recorded<Event<Int>>) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5),
            .next(350, 6), .next(370, 7), .next(420, 8), .next(470, 9), end,
        ])
    }

    func testWindowsCloseWhenFullOrWhenTheTimeSpanEnds() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(600))

        let res = scheduler.start { tagged(xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler)) }

        XCTAssertEqual(
            res.events,
            [
                .next(205, "0 1"), .next(210, "0 2"), .next(240, "0 3"),
                .next(280, "1 4"),
                .next(320, "2 5"), .next(350, "2 6"), .next(370, "2 7"),
                .next(420, "3 8"),
                .next(470, "4 9"),
                .completed(600),
            ])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 600)])
    }

    func testWindowsOpenAtSubscriptionAndAfterEachClose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(600))

        let res = scheduler.start {
            xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler).map { _ in scheduler.clock }
        }

        XCTAssertEqual(
            res.events,
            [
                .next(200, 200), .next(240, 240), .next(310, 310), .next(370, 370), .next(440, 440),
                .next(510, 510), .next(580, 580), .completed(600),
            ])
    }

    func testErrorEndsTheOpenWindowAndTheOuterSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, WindowTestError.failed)])
        let window = scheduler.createObserver(Int.self)

        let res = scheduler.start { () -> Observable<Int> in
            xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler).map { inner in
                _ = inner.subscribe(window)
                return 0
            }
        }

        XCTAssertEqual(res.events, [.next(200, 0), .error(220, WindowTestError.failed)])
        XCTAssertEqual(window.events, [.next(210, 1), .error(220, WindowTestError.failed)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testAnObservedWindowKeepsTheSourceSubscribedAfterTheOuterDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, end: .completed(600))
        let firstWindow = scheduler.createObserver(Int.self)
        var outer: Disposable?
        var inner: Disposable?

        scheduler.scheduleAt(200) {
            outer = xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler).subscribe(onNext: { window in
                if inner == nil { inner = window.subscribe(firstWindow) }
            })
        }
        scheduler.scheduleAt(207) { outer?.dispose() }
        scheduler.start()

        // The first window fills at 240; only when it completes is the source released.
        XCTAssertEqual(firstWindow.events, [.next(205, 1), .next(210, 2), .next(240, 3), .completed(240)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
        inner?.dispose()
    }
}
