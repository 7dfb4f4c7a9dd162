import Reactive
import ReactiveTesting
import XCTest

private struct DoTestError: Error, Equatable {
    let code: Int
}

final class DoTests: XCTestCase {
    func testDoCallOrderForValuesAndCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        var log: [String] = []
        let observer = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) {
            _ = xs.do(
                onNext: { log.append("onNext \($0)") },
                afterNext: { log.append("afterNext \($0)") },
                onError: { _ in log.append("onError") },
                afterError: { _ in log.append("afterError") },
                onCompleted: { log.append("onCompleted") },
                afterCompleted: { log.append("afterCompleted") },
                onSubscribe: { log.append("onSubscribe") },
                onSubscribed: { log.append("onSubscribed") },
                onDispose: { log.append("onDispose") }
            )
            .subscribe(
                onNext: {
                    log.append("next \($0)")
                    observer.on(.next($0))
                },
                onCompleted: {
                    log.append("completed")
                    observer.on(.completed)
                },
                onDisposed: { log.append("disposed") })
        }
        scheduler.start()

        XCTAssertEqual(
            log,
            [
                "onSubscribe", "onSubscribed",
                "onNext 1", "next 1", "afterNext 1",
                "onNext 2", "next 2", "afterNext 2",
                "onCompleted", "completed", "disposed", "afterCompleted", "onDispose",
            ])
        XCTAssertEqual(observer.events, [.next(210, 1), .next(220, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDoCallOrderForAnError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, DoTestError(code: 1))])
        var log: [String] = []

        let res = scheduler.start {
            xs.do(
                onError: { _ in log.append("onError") },
                afterError: { _ in log.append("afterError") },
                onDispose: { log.append("onDispose") }
            )
            .do(onError: { _ in log.append("downstream error") })
        }

        // As RxSwift: the downstream operator disposes its upstream when it sees the error, before
        // this operator's `afterError` runs.
        XCTAssertEqual(log, ["onError", "downstream error", "onDispose", "afterError"])
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, DoTestError(code: 1))])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDoSubscribeHooksWrapTheSourceSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []
        let source = Observable<Int>.create { _ in
            log.append("source subscribed")
            return Disposables.create { log.append("source disposed") }
        }

        _ = scheduler.start(disposed: 300) {
            source.do(
                onSubscribe: { log.append("onSubscribe") },
                onSubscribed: { log.append("onSubscribed") },
                onDispose: { log.append("onDispose") })
        }

        XCTAssertEqual(log, ["onSubscribe", "source subscribed", "onSubscribed", "source disposed", "onDispose"])
    }

    func testDoOnDisposeRunsOnceWhenDisposedEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
        var disposals: [TestTime] = []

        let res = scheduler.start(disposed: 250) { xs.do(onDispose: { disposals.append(scheduler.clock) }) }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(disposals, [250])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDoOnNextThrowingReplacesTheValueWithTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])
        var after: [Int] = []

        let res = scheduler.start {
            xs.do(onNext: { if $0 == 2 { throw DoTestError(code: 2) } }, afterNext: { after.append($0) })
        }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, DoTestError(code: 2))])
        XCTAssertEqual(after, [1])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testDoAfterNextThrowingFollowsTheValueWithTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])

        let res = scheduler.start { xs.do(afterNext: { _ in throw DoTestError(code: 9) }) }

        XCTAssertEqual(res.events, [.next(210, 1), .error(210, DoTestError(code: 9))])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testDoOnErrorThrowingReplacesTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(210, DoTestError(code: 1), Int.self)])
        var afterErrorCalled = false

        let res = scheduler.start {
            xs.do(onError: { _ in throw DoTestError(code: 2) }, afterError: { _ in afterErrorCalled = true })
        }

        XCTAssertEqual(res.events, [.error(210, DoTestError(code: 2))])
        XCTAssertFalse(afterErrorCalled)
    }

    func testDoOnCompletedThrowingReplacesTheCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(210, Int.self)])

        let res = scheduler.start { xs.do(onCompleted: { throw DoTestError(code: 3) }) }

        XCTAssertEqual(res.events, [.error(210, DoTestError(code: 3))])
    }

    func testDoAfterCompletedThrowingIsIgnoredByAStoppedObserver() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(210, Int.self)])
        var events: [String] = []
        scheduler.scheduleAt(200) {
            _ = xs.do(afterCompleted: { throw DoTestError(code: 4) })
                .subscribe(onError: { _ in events.append("error") }, onCompleted: { events.append("completed") })
        }
        scheduler.start()

        XCTAssertEqual(events, ["completed"])
    }

    func testDoEachSubscriptionCallsTheHooks() {
        var subscribes = 0
        let source = Observable.of(1, 2).do(onSubscribe: { subscribes += 1 })
        _ = source.subscribe()
        _ = source.subscribe()
        XCTAssertEqual(subscribes, 2)
    }

    func testDoReentrantObserverSeesHooksNested() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        let subscription =
            subject
            .do(onNext: { log.append("on \($0)") }, afterNext: { log.append("after \($0)") })
            .subscribe(onNext: { value in
                log.append("next \(value)")
                if value == 1 { subject.onNext(2) }
            })
        subject.onNext(1)
        XCTAssertEqual(log, ["on 1", "next 1", "on 2", "next 2", "after 2", "after 1"])
        subscription.dispose()
    }
}
