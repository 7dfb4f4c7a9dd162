extension PrimitiveSequenceType where Trait == SingleTrait, Element: Sendable {
    /// Subscribes and waits for the value; throws the single's error. Cancelling the waiting task
    /// disposes the subscription and throws `CancellationError`.
    public nonisolated(nonsending) var value: Element {
        get async throws {
            let source = primitiveSequence.asObservable()
            return try await awaitSubscription(Element.self) { resume in
                source.subscribe(
                    onNext: { element in resume(.success(element)) },
                    onError: { error in resume(.failure(error)) },
                    onCompleted: { resume(.failure(RxError.noElements)) }
                )
            }
        }
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait, Element: Sendable {
    /// Subscribes and waits for the value, or `nil` if the maybe completes empty; throws the maybe's
    /// error. Cancelling the waiting task disposes the subscription and throws `CancellationError`.
    public nonisolated(nonsending) var value: Element? {
        get async throws {
            let source = primitiveSequence.asObservable()
            return try await awaitSubscription(Element?.self) { resume in
                source.subscribe(
                    onNext: { element in resume(.success(element)) },
                    onError: { error in resume(.failure(error)) },
                    onCompleted: { resume(.success(nil)) }
                )
            }
        }
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Subscribes and waits for completion; throws the completable's error. Cancelling the waiting
    /// task disposes the subscription and throws `CancellationError`.
    public nonisolated(nonsending) var value: Void {
        get async throws {
            let source = primitiveSequence.asObservable()
            return try await awaitSubscription(Void.self) { resume in
                source.subscribe(
                    onError: { error in resume(.failure(error)) },
                    onCompleted: { resume(.success(())) }
                )
            }
        }
    }
}

/// Makes a subscription and waits for the first result it reports through `resume`; cancellation of
/// the waiting task disposes the subscription and throws `CancellationError`. Later results are ignored.
nonisolated(nonsending) private func awaitSubscription<Value: Sendable>(
    _: Value.Type,
    _ subscribe: (_ resume: @escaping (Result<Value, Swift.Error>) -> Void) -> Disposable
) async throws -> Value {
    let waiter = SubscriptionWaiter<Value>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, Swift.Error>) in
            guard waiter.wait(continuation) else { return }
            waiter.subscription.setDisposable(subscribe { result in waiter.resume(result) })
        }
    } onCancel: {
        waiter.cancel()
    }
}

// Reactive's pthread `Lock` rather than `Synchronization.Mutex`: TSan cannot see Mutex's futex waits.
/// The continuation of one `value` await, resumed exactly once: by the first result or by cancellation.
final private class SubscriptionWaiter<Value: Sendable>: @unchecked Sendable {  // `state` is only touched under `lock`
    private struct State {
        var continuation: CheckedContinuation<Value, Swift.Error>?
        var cancelled = false
    }

    private let lock = Lock()
    private var state = State()
    let subscription = SingleAssignmentDisposable()

    /// Stores the continuation; if the task was already cancelled, resumes it at once and returns false.
    func wait(_ continuation: CheckedContinuation<Value, Swift.Error>) -> Bool {
        let cancelled = lock.performLocked {
            if state.cancelled { return true }
            state.continuation = continuation
            return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
        return !cancelled
    }

    func resume(_ result: Result<Value, Swift.Error>) {
        let continuation = lock.performLocked {
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result)
    }

    func cancel() {
        let continuation = lock.performLocked {
            state.cancelled = true
            defer { state.continuation = nil }
            return state.continuation
        }
        subscription.dispose()
        continuation?.resume(throwing: CancellationError())
    }
}
