import Dispatch
import Foundation
import Reactive
import ReactiveTesting
import XCTest

/// A value handed back from another thread.
private final class Box<Value: Sendable>: Sendable {
    private let storage: Locked<Value?> = Locked(nil)
    var value: Value? { storage.withLock { $0 } }
    func set(_ value: Value) { storage.withLock { $0 = value } }
}

final class BlockingObservableTests: XCTestCase {
    // MARK: toArray

    func testToArray() throws {
        XCTAssertEqual(try Observable.of(1, 2, 3).toBlocking().toArray(), [1, 2, 3])
        XCTAssertEqual(try Observable<Int>.empty().toBlocking().toArray(), [])
    }

    func testToArrayThrowsTheError() {
        XCTAssertThrowsError(try Observable<Int>.error(TestError("fail")).toBlocking().toArray()) { error in
            XCTAssertEqual("\(error)", "fail")
        }
    }

    // MARK: first

    func testFirst() throws {
        XCTAssertEqual(try Observable.of(1, 2, 3).toBlocking().first(), 1)
        XCTAssertNil(try Observable<Int>.empty().toBlocking().first())
        XCTAssertThrowsError(try Observable<Int>.error(TestError()).toBlocking().first())
    }

    func testFirstStopsTheSequenceAfterOneElement() throws {
        var produced = 0
        let source = Observable.range(start: 0, count: 100).map { value -> Int in
            produced += 1
            return value
        }

        XCTAssertEqual(try source.toBlocking().first(), 0)
        XCTAssertEqual(produced, 1)
    }

    func testFirstDisposesTheSubscription() throws {
        var disposed = false
        let source = Observable<Int>.create { observer in
            observer.onNext(7)
            return Disposables.create { disposed = true }
        }

        XCTAssertEqual(try source.toBlocking().first(), 7)
        XCTAssertTrue(disposed)
    }

    // MARK: last

    func testLast() throws {
        XCTAssertEqual(try Observable.of(1, 2, 3).toBlocking().last(), 3)
        XCTAssertNil(try Observable<Int>.empty().toBlocking().last())
        XCTAssertThrowsError(try Observable.from([1, 2]).map { _ -> Int in throw TestError() }.toBlocking().last())
    }

    // MARK: single

    func testSingle() throws {
        XCTAssertEqual(try Observable.just(5).toBlocking().single(), 5)
    }

    func testSingleThrowsNoElements() {
        XCTAssertThrowsError(try Observable<Int>.empty().toBlocking().single()) { error in
            XCTAssertEqual(error as? RxError, .noElements)
        }
    }

    func testSingleThrowsMoreThanOneElementWithoutWaitingForTheEnd() {
        let neverEnding = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            return Disposables.create()
        }

        XCTAssertThrowsError(try neverEnding.toBlocking().single()) { error in
            XCTAssertEqual(error as? RxError, .moreThanOneElement)
        }
    }

    func testSingleWithPredicate() throws {
        let source = Observable.of(1, 2, 3)

        XCTAssertEqual(try source.toBlocking().single { $0 == 2 }, 2)
        XCTAssertThrowsError(try source.toBlocking().single { $0 > 1 }) { error in
            XCTAssertEqual(error as? RxError, .moreThanOneElement)
        }
        XCTAssertThrowsError(try source.toBlocking().single { $0 > 5 }) { error in
            XCTAssertEqual(error as? RxError, .noElements)
        }
        XCTAssertThrowsError(try source.toBlocking().single { _ in throw TestError("predicate") }) { error in
            XCTAssertEqual("\(error)", "predicate")
        }
    }

    func testSingleThrowsTheSequenceError() {
        XCTAssertThrowsError(try Observable<Int>.error(TestError("e")).toBlocking().single()) { error in
            XCTAssertEqual("\(error)", "e")
        }
    }

    // MARK: materialize

    func testMaterializeCompleted() {
        guard case .completed(let elements) = Observable.of(1, 2).toBlocking().materialize() else {
            return XCTFail("expected completion")
        }
        XCTAssertEqual(elements, [1, 2])
    }

    func testMaterializeFailed() {
        let source = Observable.of(1, 2, 3).map { value -> Int in
            if value == 3 { throw TestError("three") }
            return value
        }

        guard case .failed(let elements, let error) = source.toBlocking().materialize() else {
            return XCTFail("expected failure")
        }
        XCTAssertEqual(elements, [1, 2])
        XCTAssertEqual("\(error)", "three")
    }

    func testToBlockingAcceptsAnyObservableConvertible() throws {
        let subject = BehaviorSubject(value: 10)

        XCTAssertEqual(try subject.toBlocking().first(), 10)
    }

    // MARK: timeout

    func testTimeoutThrowsAndDisposesTheSubscription() {
        var disposed = false
        let never = Observable<Int>.create { _ in Disposables.create { disposed = true } }

        XCTAssertThrowsError(try never.toBlocking(timeout: 0.01).first()) { error in
            XCTAssertEqual(error as? RxError, .timeout)
        }
        XCTAssertTrue(disposed)
    }

    func testTimeoutKeepsTheElementsReceivedBefore() {
        let stalled = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            return Disposables.create()
        }

        guard case .failed(let elements, let error) = stalled.toBlocking(timeout: 0.01).materialize() else {
            return XCTFail("expected a timeout")
        }
        XCTAssertEqual(elements, [1, 2])
        XCTAssertEqual(error as? RxError, .timeout)
    }

    func testTimeoutDoesNotApplyToASequenceThatEnds() throws {
        XCTAssertEqual(try Observable.of(1, 2).toBlocking(timeout: 0.01).toArray(), [1, 2])
    }

    // MARK: threads

    func testBlockingOnTheMainThreadKeepsMainQueueWorkRunning() throws {
        XCTAssertTrue(Thread.isMainThread)
        let source = Observable<Int>.create { observer in
            MainScheduler.asyncInstance.schedule(()) { _ in
                MainScheduler.ensureRunningOnMainThread()
                observer.onNext(1)
                observer.onNext(2)
                observer.onCompleted()
                return Disposables.create()
            }
        }

        // The timeout only turns a hang into a failure; the sequence ends as soon as the main queue runs.
        XCTAssertEqual(try source.toBlocking(timeout: 30).toArray(), [1, 2])
    }

    func testBlockingOnTheMainThreadRunsNestedMainQueueHops() throws {
        let source = Observable<Int>.create { observer in
            MainScheduler.asyncInstance.schedule(()) { _ in
                observer.onNext(1)
                return MainScheduler.asyncInstance.schedule(()) { _ in
                    observer.onNext(2)
                    observer.onCompleted()
                    return Disposables.create()
                }
            }
        }

        XCTAssertEqual(try source.toBlocking(timeout: 30).toArray(), [1, 2])
    }

    func testBlockingOnTheMainThreadReceivesEventsFromAnotherThread() throws {
        let subject = PublishSubject<Int>()
        let source = Observable<Int>.create { observer in
            let subscription = subject.subscribe(observer)
            DispatchQueue.global().async {
                subject.onNext(1)
                subject.onNext(2)
                subject.onCompleted()
            }
            return subscription
        }

        XCTAssertEqual(try source.toBlocking(timeout: 30).toArray(), [1, 2])
    }

    func testBlockingOffTheMainThread() {
        let result = Box<[Int]>()
        let timedOut = Box<Bool>()
        let done = expectation(description: "background blocking finished")

        DispatchQueue.global().async {
            let subject = PublishSubject<Int>()
            let source = Observable<Int>.create { observer in
                let subscription = subject.subscribe(observer)
                DispatchQueue.global().async {
                    subject.onNext(3)
                    subject.onCompleted()
                }
                return subscription
            }
            result.set((try? source.toBlocking(timeout: 30).toArray()) ?? [])

            do {
                _ = try Observable<Int>.never().toBlocking(timeout: 0.01).first()
                timedOut.set(false)
            } catch {
                timedOut.set((error as? RxError) == .timeout)
            }
            done.fulfill()
        }

        wait(for: [done], timeout: 60)
        XCTAssertEqual(result.value, [3])
        XCTAssertEqual(timedOut.value, true)
    }
}
