import Reactive
import ReactiveTesting
import XCTest

private struct FlatMapErrorTestError: Error, Equatable {
    let code: Int
}

final class FlatMapErrorTests: XCTestCase {
    func testValuesPassAndCompletionFollowsTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, Event.next(0)), .next(210, Event.next(1)), .next(220, Event.next(2)), .completed(250),
        ])

        let res = scheduler.start { xs.flatMapError { _ in Observable<Void>.empty() } }

        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testErrorEventRunsTheHandlerAndDropsItsValues() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Event.next(1)), .next(220, Event<Int>.error(FlatMapErrorTestError(code: 7))),
            .next(230, Event.next(2)), .completed(250),
        ])
        let handler = scheduler.createColdObservable([.next(5, ()), .next(10, ()), .completed(60)])
        var handled: [Int] = []

        let res = scheduler.start {
            xs.flatMapError { error in
                handled.append((error as? FlatMapErrorTestError)?.code ?? -1)
                return handler.asObservable()
            }
        }

        // The source completes at 250, the handler's sequence at 280: the result waits for both.
        XCTAssertEqual(res.events, [.next(210, 1), .next(230, 2), .completed(280)])
        XCTAssertEqual(handled, [7])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(handler.subscriptions, [Subscription(220, 280)])
    }

    func testHandlerErrorFailsTheResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Event<Int>.error(FlatMapErrorTestError(code: 1))), .next(240, Event.next(2)), .completed(300),
        ])
        let handler = scheduler.createColdObservable([.error(20, FlatMapErrorTestError(code: 2), Void.self)])

        let res = scheduler.start { xs.flatMapError { _ in handler.asObservable() } }

        XCTAssertEqual(res.events, [.error(230, FlatMapErrorTestError(code: 2))])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(handler.subscriptions, [Subscription(210, 230)])
    }

    func testCompletedEventDoesNotEndTheResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Event<Int>.completed), .next(220, Event.next(1)), .completed(250),
        ])

        let res = scheduler.start { xs.flatMapError { _ in Observable<Void>.empty() } }

        XCTAssertEqual(res.events, [.next(220, 1), .completed(250)])
    }

    func testSourceErrorFailsTheResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Event.next(1)), .error(220, FlatMapErrorTestError(code: 3))])

        let res = scheduler.start { xs.flatMapError { _ in Observable<Void>.empty() } }

        XCTAssertEqual(res.events, [.next(210, 1), .error(220, FlatMapErrorTestError(code: 3))])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testSeveralHandlersRunSideBySide() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Event<Int>.error(FlatMapErrorTestError(code: 1))),
            .next(220, Event<Int>.error(FlatMapErrorTestError(code: 2))),
            .completed(230),
        ])
        let first = scheduler.createColdObservable([.completed(100, Void.self)])
        let second = scheduler.createColdObservable([.completed(20, Void.self)])
        var handlers = [first, second]

        let res = scheduler.start { xs.flatMapError { _ in handlers.removeFirst().asObservable() } }

        XCTAssertEqual(res.events, [.completed(310)])
        XCTAssertEqual(first.subscriptions, [Subscription(210, 310)])
        XCTAssertEqual(second.subscriptions, [Subscription(220, 240)])
    }

    func testDisposalEndsTheSourceAndTheHandlers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Event<Int>.error(FlatMapErrorTestError(code: 1))), .next(260, Event.next(2)),
        ])
        let handler = scheduler.createColdObservable([.completed(100, Void.self)])

        let res = scheduler.start(disposed: 250) { xs.flatMapError { _ in handler.asObservable() } }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(handler.subscriptions, [Subscription(210, 250)])
    }

    func testReentrantObserverSendsIntoTheSource() {
        let subject = PublishSubject<Event<Int>>()
        var received: [Int] = []
        var completions = 0
        _ = subject.flatMapError { _ in Observable<Void>.empty() }.subscribe(
            onNext: { value in
                received.append(value)
                if value == 1 {
                    subject.onNext(.error(FlatMapErrorTestError(code: 0)))
                    subject.onNext(.next(2))
                    subject.onCompleted()
                }
            }, onCompleted: { completions += 1 })
        subject.onNext(.next(1))
        XCTAssertEqual(received, [1, 2])
        XCTAssertEqual(completions, 1)
    }
}
