import Reactive
import Synchronization
import XCTest

private struct ConcurrencyTestError: Error, Equatable {
    let code: Int
}

/// Collects what arrives from other threads; the mutex orders the appends and the reads.
private final class ConcurrentLog: Sendable {
    private let entries = Locked<[String]>([])

    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

/// Main-actor state that awaits a trait it owns: `value` runs on the caller's actor, so the
/// (non-`Sendable`) single never leaves it.
@MainActor
private final class MainActorModel {
    private let single = Single.just(21).map { $0 * 2 }

    func load() async throws -> Int {
        try await single.value
    }
}

final class ConcurrencyTests: XCTestCase {
    // MARK: - values

    func testValuesDeliversEveryElementThenEnds() async throws {
        var received: [Int] = []
        for try await value in Observable.of(1, 2, 3).values {
            received.append(value)
        }
        XCTAssertEqual(received, [1, 2, 3])
    }

    func testValuesThrowsTheError() async {
        let observable = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onError(ConcurrencyTestError(code: 1))
            return Disposables.create()
        }
        var received: [Int] = []
        do {
            for try await value in observable.values {
                received.append(value)
            }
            XCTFail("the stream should throw")
        } catch {
            XCTAssertEqual(error as? ConcurrencyTestError, ConcurrencyTestError(code: 1))
        }
        XCTAssertEqual(received, [1])
    }

    func testValuesBuffersElementsSentFromAnotherThread() async throws {
        let subject = PublishSubject<Int>()
        let stream = subject.values
        let producer = Thread {
            for value in 0..<1_000 { subject.onNext(value) }
            subject.onCompleted()
        }
        producer.start()
        var received: [Int] = []
        for try await value in stream {
            received.append(value)
        }
        XCTAssertEqual(received, Array(0..<1_000))
    }

    func testCancellingTheConsumingTaskDisposesTheSubscription() async {
        let received = expectation(description: "first value received")
        let disposed = expectation(description: "subscription disposed")
        let stream = Observable<Int>.create { observer in
            observer.onNext(1)
            return Disposables.create { disposed.fulfill() }
        }.values
        let consumer = Task {
            for try await _ in stream {
                received.fulfill()
            }
        }
        await fulfillment(of: [received], timeout: 10)
        consumer.cancel()
        await fulfillment(of: [disposed], timeout: 10)
        _ = await consumer.result
    }

    func testInfallibleValues() async {
        var received: [Int] = []
        for await value in Observable<Int>.error(ConcurrencyTestError(code: 1)).asInfallible(onErrorJustReturn: 7).values {
            received.append(value)
        }
        XCTAssertEqual(received, [7])

        received = []
        for await value in Infallible.of(1, 2).values {
            received.append(value)
        }
        XCTAssertEqual(received, [1, 2])
    }

    func testTraitValues() async throws {
        var received: [Int] = []
        for try await value in Single.just(4).values {
            received.append(value)
        }
        XCTAssertEqual(received, [4])
    }

    // MARK: - AsyncSequence.asObservable

    func testAsyncSequenceAsObservableEmitsEveryElementThenCompletes() async {
        let log = ConcurrentLog()
        let completed = expectation(description: "completed")
        let stream = AsyncStream<Int> { continuation in
            continuation.yield(1)
            continuation.yield(2)
            continuation.finish()
        }
        let subscription = stream.asObservable().subscribe(
            onNext: { log.append("next \($0)") },
            onError: { log.append("error \($0)") },
            onCompleted: {
                log.append("completed")
                completed.fulfill()
            }
        )
        await fulfillment(of: [completed], timeout: 10)
        XCTAssertEqual(log.all, ["next 1", "next 2", "completed"])
        subscription.dispose()
    }

    func testAsyncSequenceErrorBecomesAnError() async {
        let log = ConcurrentLog()
        let failed = expectation(description: "failed")
        let stream = AsyncThrowingStream<Int, Error> { continuation in
            continuation.yield(1)
            continuation.finish(throwing: ConcurrencyTestError(code: 2))
        }
        let subscription = stream.asObservable().subscribe(
            onNext: { log.append("next \($0)") },
            onError: {
                log.append("error \($0)")
                failed.fulfill()
            },
            onCompleted: { log.append("completed") }
        )
        await fulfillment(of: [failed], timeout: 10)
        XCTAssertEqual(log.all, ["next 1", "error \(ConcurrencyTestError(code: 2))"])
        subscription.dispose()
    }

    func testDisposingAnAsyncSequenceSubscriptionCancelsTheTask() async {
        let log = ConcurrentLog()
        let received = expectation(description: "first value received")
        let cancelled = expectation(description: "iteration cancelled")
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        continuation.onTermination = { termination in
            if case .cancelled = termination { cancelled.fulfill() }
        }
        continuation.yield(1)
        let subscription = stream.asObservable().subscribe(
            onNext: { value in
                log.append("next \(value)")
                received.fulfill()
            },
            onCompleted: { log.append("completed") }
        )
        await fulfillment(of: [received], timeout: 10)
        subscription.dispose()
        await fulfillment(of: [cancelled], timeout: 10)
        continuation.yield(2)
        XCTAssertEqual(log.all, ["next 1"])
    }

    // MARK: - value

    func testSingleValue() async throws {
        let value = try await Single.just(3).value
        XCTAssertEqual(value, 3)
        do {
            _ = try await Single<Int>.error(ConcurrencyTestError(code: 1)).value
            XCTFail("value should throw")
        } catch {
            XCTAssertEqual(error as? ConcurrencyTestError, ConcurrencyTestError(code: 1))
        }
    }

    func testSingleValueFromAnotherThread() async throws {
        let subject = PublishSubject<Int>()
        let single = Single<Int>.create { observer in
            let subscription = subject.subscribe(onNext: { observer(.success($0)) })
            Thread { subject.onNext(11) }.start()
            return subscription
        }
        let value = try await single.value
        XCTAssertEqual(value, 11)
    }

    func testValueFromTheMainActor() async throws {
        let model = await MainActorModel()
        let value = try await model.load()
        XCTAssertEqual(value, 42)
    }

    func testMaybeValue() async throws {
        let value = try await Maybe.just(2).value
        XCTAssertEqual(value, 2)
        let empty = try await Maybe<Int>.empty().value
        XCTAssertNil(empty)
        do {
            _ = try await Maybe<Int>.error(ConcurrencyTestError(code: 2)).value
            XCTFail("value should throw")
        } catch {
            XCTAssertEqual(error as? ConcurrencyTestError, ConcurrencyTestError(code: 2))
        }
    }

    func testCompletableValue() async throws {
        try await Completable.empty().value
        do {
            try await Completable.error(ConcurrencyTestError(code: 3)).value
            XCTFail("value should throw")
        } catch {
            XCTAssertEqual(error as? ConcurrencyTestError, ConcurrencyTestError(code: 3))
        }
    }

    func testCancellingAValueAwaitDisposesTheSubscriptionAndThrowsCancellationError() async {
        let subscribed = expectation(description: "subscribed")
        let disposed = expectation(description: "disposed")
        let waiter = Task {
            try await Single<Int>.create { _ in
                subscribed.fulfill()
                return Disposables.create { disposed.fulfill() }
            }.value
        }
        await fulfillment(of: [subscribed], timeout: 10)
        waiter.cancel()
        await fulfillment(of: [disposed], timeout: 10)
        let result = await waiter.result
        XCTAssertThrowsError(try result.get()) { error in
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
    }

    func testAValueAwaitInAnAlreadyCancelledTaskThrowsWithoutWaiting() async {
        let (gate, open) = AsyncStream<Void>.makeStream()
        let waiter = Task {
            // Wait until cancelled, so that `value` starts in a cancelled task.
            for await _ in gate {}
            return try await Maybe<Int>.never().value
        }
        waiter.cancel()
        let result = await waiter.result
        XCTAssertThrowsError(try result.get()) { error in
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        open.finish()
    }

    /// The result of `body` run in a task cancelled before `body` starts.
    private func inACancelledTask<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async -> Result<T, any Error> {
        let (gate, open) = AsyncStream<Void>.makeStream()
        let task = Task {
            for await _ in gate {}  // ends once the task is cancelled
            return try await body()
        }
        task.cancel()
        defer { open.finish() }
        return await task.result
    }

    func testAValueThatAnswersAsItIsSubscribedAnswersInACancelledTaskToo() async throws {
        // RxSwift subscribes in a cancelled task too, so that an answer given at once wins.
        try await inACancelledTask { try await Completable.empty().value }.get()
        let empty = try await inACancelledTask { try await Maybe<Int>.empty().value }.get()
        XCTAssertNil(empty)
        let two = try await inACancelledTask { try await Maybe.just(2).value }.get()
        XCTAssertEqual(two, 2)
        let three = try await inACancelledTask { try await Single.just(3).value }.get()
        XCTAssertEqual(three, 3)
        let failed = await inACancelledTask { try await Single<Int>.error(ConcurrencyTestError(code: 5)).value }
        XCTAssertThrowsError(try failed.get()) { error in
            XCTAssertEqual(error as? ConcurrencyTestError, ConcurrencyTestError(code: 5))
        }
        let silent = await inACancelledTask { try await Completable.never().value }
        XCTAssertThrowsError(try silent.get()) { error in
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
    }

    func testValuesInATaskCancelledBeforeAnyEventThrowsCancellationError() async {
        let result = await inACancelledTask { () -> Int in
            var count = 0
            for try await _ in Observable<Void>.never().values { count += 1 }
            return count
        }
        XCTAssertThrowsError(try result.get()) { error in
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
    }

    func testValuesCancelledWhileWaitingDisposesAndThrowsCancellationError() async {
        let subscribed = expectation(description: "subscribed")
        let disposed = expectation(description: "disposed")
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            subscribed.fulfill()
            return Disposables.create { disposed.fulfill() }
        }
        let task = Task {
            var seen: [Int] = []
            for try await value in source.values { seen.append(value) }
            return seen
        }
        await fulfillment(of: [subscribed], timeout: 10)
        task.cancel()
        await fulfillment(of: [disposed], timeout: 10)
        let result = await task.result
        XCTAssertThrowsError(try result.get()) { error in
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
    }

    func testValuesOfASequenceThatEndedDoNotThrowWhenTheTaskIsCancelledAfterwards() async throws {
        let task = Task {
            var seen: [Int] = []
            for try await value in Observable.from(1...10).values { seen.append(value) }
            return seen
        }
        let values = try await task.value
        task.cancel()
        XCTAssertEqual(values, Array(1...10))
    }

    // MARK: - fromAsync

    func testObservableFromAsyncEmitsTheResultThenCompletes() async {
        let log = ConcurrentLog()
        let completed = expectation(description: "completed")
        let subscription = Observable<Int>.fromAsync { 5 }.subscribe(
            onNext: { log.append("next \($0)") },
            onError: { log.append("error \($0)") },
            onCompleted: {
                log.append("completed")
                completed.fulfill()
            }
        )
        await fulfillment(of: [completed], timeout: 10)
        XCTAssertEqual(log.all, ["next 5", "completed"])
        subscription.dispose()
    }

    func testFromAsyncErrorFails() async throws {
        do {
            _ = try await Single<Int>.fromAsync { throw ConcurrencyTestError(code: 4) }.value
            XCTFail("value should throw")
        } catch {
            XCTAssertEqual(error as? ConcurrencyTestError, ConcurrencyTestError(code: 4))
        }
        let value = try await Single<String>.fromAsync { "done" }.value
        XCTAssertEqual(value, "done")
    }

    func testCompletableFromAsync() async throws {
        let ran = Locked(false)
        try await Completable.fromAsync { ran.withLock { $0 = true } }.value
        XCTAssertTrue(ran.withLock { $0 })
    }

    func testDisposingFromAsyncCancelsTheTask() async {
        let started = expectation(description: "operation started")
        let cancelled = expectation(description: "operation saw cancellation")
        let (gate, open) = AsyncStream<Void>.makeStream()
        let log = ConcurrentLog()
        let subscription = Observable<Int>.fromAsync {
            started.fulfill()
            for await _ in gate {}  // ends when the task is cancelled
            if Task.isCancelled { cancelled.fulfill() }
            return 1
        }.subscribe(onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") })
        await fulfillment(of: [started], timeout: 10)
        subscription.dispose()
        await fulfillment(of: [cancelled], timeout: 10)
        open.finish()
        XCTAssertEqual(log.all, [])
    }
}
