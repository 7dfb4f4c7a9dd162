import Reactive
import ReactiveTesting
import XCTest

private struct UsingTestError: Error {}

/// A resource that records when it was made and disposed.
private final class TestResource: Disposable {
    let value: Int
    private let scheduler: TestScheduler
    private(set) var createdAt: TestTime
    private(set) var disposedAt: [TestTime] = []
    var onDispose: (() -> Void)?

    init(value: Int, scheduler: TestScheduler) {
        self.value = value
        self.scheduler = scheduler
        createdAt = scheduler.clock
    }

    func dispose() {
        disposedAt.append(scheduler.clock)
        onDispose?()
    }
}

final class UsingTests: XCTestCase {
    func testUsingCompletesThenDisposesTheResource() {
        let scheduler = TestScheduler(initialClock: 0)
        var resource: TestResource?
        var xs: TestableObservable<Int>?
        let res = scheduler.start {
            Observable<Int>.using(
                { () -> TestResource in
                    let made = TestResource(value: 42, scheduler: scheduler)
                    resource = made
                    return made
                },
                observableFactory: { made in
                    let observable = scheduler.createColdObservable([.next(100, made.value), .completed(200)])
                    xs = observable
                    return observable.asObservable()
                })
        }
        XCTAssertEqual(res.events, [.next(300, 42), .completed(400)])
        XCTAssertEqual(resource?.createdAt, 200)
        XCTAssertEqual(resource?.disposedAt, [400])
        XCTAssertEqual(xs?.subscriptions, [Subscription(200, 400)])
    }

    func testUsingErrorDisposesTheResource() {
        let scheduler = TestScheduler(initialClock: 0)
        var resource: TestResource?
        let res = scheduler.start {
            Observable<Int>.using(
                { () -> TestResource in
                    let made = TestResource(value: 1, scheduler: scheduler)
                    resource = made
                    return made
                },
                observableFactory: { _ in
                    scheduler.createColdObservable([.next(100, 1), .error(150, UsingTestError())]).asObservable()
                })
        }
        XCTAssertEqual(res.events, [.next(300, 1), .error(350, UsingTestError())])
        XCTAssertEqual(resource?.disposedAt, [350])
    }

    func testUsingDisposalDisposesTheSubscriptionThenTheResource() {
        let scheduler = TestScheduler(initialClock: 0)
        var order: [String] = []
        let res = scheduler.start(disposed: 250) {
            Observable<Int>.using(
                { () -> TestResource in
                    let made = TestResource(value: 1, scheduler: scheduler)
                    made.onDispose = { order.append("resource") }
                    return made
                },
                observableFactory: { _ in
                    Observable<Int>.create { _ in Disposables.create { order.append("subscription") } }
                })
        }
        XCTAssertEqual(res.events, [])
        XCTAssertEqual(order, ["subscription", "resource"])
    }

    func testUsingResourceFactoryThrowing() {
        let scheduler = TestScheduler(initialClock: 0)
        var factoryCalled = false
        let res = scheduler.start {
            Observable<Int>.using(
                { () -> TestResource in throw UsingTestError() },
                observableFactory: { _ in
                    factoryCalled = true
                    return .never()
                })
        }
        XCTAssertEqual(res.events, [.error(200, UsingTestError())])
        XCTAssertFalse(factoryCalled)
    }

    func testUsingObservableFactoryThrowingStillDisposesTheResource() {
        let scheduler = TestScheduler(initialClock: 0)
        var resource: TestResource?
        let res = scheduler.start {
            Observable<Int>.using(
                { () -> TestResource in
                    let made = TestResource(value: 1, scheduler: scheduler)
                    resource = made
                    return made
                }, observableFactory: { _ in throw UsingTestError() })
        }
        XCTAssertEqual(res.events, [.error(200, UsingTestError())])
        XCTAssertEqual(resource?.disposedAt, [200])
    }
}
