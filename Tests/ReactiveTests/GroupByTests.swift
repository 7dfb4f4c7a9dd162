import Reactive
import ReactiveTesting
import XCTest

private struct GroupByTestError: Error {}

final class GroupByTests: XCTestCase {
    func testGroupBySendsEachKeyOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, "skip"), .next(210, "apple"), .next(220, "avocado"), .next(230, "banana"),
            .next(240, "blueberry"), .next(250, "cherry"), .completed(300),
        ])

        let res = scheduler.start { xs.groupBy { $0.first! }.map { String($0.key) } }

        XCTAssertEqual(res.events, [.next(210, "a"), .next(230, "b"), .next(250, "c"), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testGroupsReceiveTheirValuesAndComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300),
        ])
        var groups: [Int: TestableObserver<Int>] = [:]
        let outer = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) {
            _ = xs.groupBy { $0 % 2 }.subscribe(
                onNext: { group in
                    let observer = scheduler.createObserver(Int.self)
                    groups[group.key] = observer
                    _ = group.subscribe(observer)
                    outer.on(.next(group.key))
                }, onCompleted: { outer.on(.completed) })
        }
        scheduler.start()

        XCTAssertEqual(outer.events, [.next(210, 1), .next(220, 0), .completed(300)])
        XCTAssertEqual(groups[1]?.events, [.next(210, 1), .next(230, 3), .completed(300)])
        XCTAssertEqual(groups[0]?.events, [.next(220, 2), .next(240, 4), .completed(300)])
    }

    func testGroupsCompleteBeforeTheOuterSequence() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        _ = subject.groupBy { $0 }.subscribe(
            onNext: { group in
                _ = group.subscribe(onCompleted: { log.append("group \(group.key) completed") })
            }, onCompleted: { log.append("outer completed") })
        subject.onNext(1)
        subject.onNext(2)
        subject.onCompleted()
        XCTAssertEqual(log, ["group 1 completed", "group 2 completed", "outer completed"])
    }

    func testSourceErrorReachesTheGroupsThenTheOuterSequence() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        _ = subject.groupBy { $0 }.subscribe(
            onNext: { group in
                _ = group.subscribe(onError: { _ in log.append("group \(group.key) error") })
            }, onError: { _ in log.append("outer error") })
        subject.onNext(1)
        subject.onError(GroupByTestError())
        XCTAssertEqual(log, ["group 1 error", "outer error"])
        XCTAssertFalse(subject.hasObservers)
    }

    func testKeySelectorThrowingFailsTheGroupsAndTheOuterSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, -1), .next(230, 2), .completed(300)])
        let groupObserver = scheduler.createObserver(Int.self)
        let outer = scheduler.createObserver(Int.self)

        scheduler.scheduleAt(200) {
            _ = xs.groupBy { value -> Int in
                if value < 0 { throw GroupByTestError() }
                return value
            }.subscribe(
                onNext: { group in
                    _ = group.subscribe(groupObserver)
                    outer.on(.next(group.key))
                }, onError: { outer.on(.error($0)) })
        }
        scheduler.start()

        XCTAssertEqual(outer.events, [.next(210, 1), .error(220, GroupByTestError())])
        XCTAssertEqual(groupObserver.events, [.next(210, 1), .error(220, GroupByTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testOuterDisposalWithoutSubscribedGroupsEndsTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])

        let res = scheduler.start(disposed: 250) { xs.groupBy { $0 }.map { $0.key } }

        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testSubscribedGroupsKeepTheSourceAliveAfterOuterDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(260, 1), .next(270, 2), .next(280, 3), .completed(400),
        ])
        let groupOne = scheduler.createObserver(Int.self)
        var groupOneSubscription: Disposable?
        var outerSubscription: Disposable?
        var keys: [Int] = []

        scheduler.scheduleAt(200) {
            outerSubscription = xs.groupBy { $0 }.subscribe(onNext: { group in
                keys.append(group.key)
                if group.key == 1 { groupOneSubscription = group.subscribe(groupOne) }
            })
        }
        scheduler.scheduleAt(250) { outerSubscription?.dispose() }
        scheduler.scheduleAt(300) { groupOneSubscription?.dispose() }
        scheduler.start()

        // After 250 no new group reaches the disposed outer observer, but group 1 still gets its values.
        XCTAssertEqual(keys, [1, 2])
        XCTAssertEqual(groupOne.events, [.next(210, 1), .next(260, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testGroupSubscribedAfterEverythingEndedGetsTheStopEvent() {
        let subject = PublishSubject<Int>()
        var saved: GroupedObservable<Int, Int>?
        _ = subject.groupBy { $0 }.subscribe(onNext: { saved = $0 })
        subject.onNext(1)
        subject.onCompleted()
        var completed = false
        _ = saved?.subscribe(onCompleted: { completed = true })
        XCTAssertTrue(completed)
    }

    func testOuterDisposedEarlyIsNotSentLaterGroups() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        var groupSubscription: Disposable?
        let keys = scheduler.createObserver(Int.self)
        var outerSubscription: Disposable?

        scheduler.scheduleAt(200) {
            outerSubscription = xs.groupBy { $0 }.subscribe(onNext: { group in
                keys.on(.next(group.key))
                groupSubscription = group.subscribe()
            })
        }
        scheduler.scheduleAt(220) { outerSubscription?.dispose() }
        scheduler.scheduleAt(500) { groupSubscription?.dispose() }
        scheduler.start()

        XCTAssertEqual(keys.events, [.next(210, 1)])
        // Group 1 is still subscribed, so the source runs to its end.
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testReentrantObserverSendsIntoTheSourceFromAGroup() {
        let subject = PublishSubject<Int>()
        var received: [String] = []
        let subscription = subject.groupBy { $0 % 2 }.subscribe(onNext: { group in
            _ = group.subscribe(onNext: { value in
                received.append("\(group.key):\(value)")
                if value < 3 { subject.onNext(value + 1) }
            })
        })
        subject.onNext(1)
        XCTAssertEqual(received, ["1:1", "0:2", "1:3"])
        subscription.dispose()
    }
}
