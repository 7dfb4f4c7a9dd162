extension PrimitiveSequenceType where Trait == SingleTrait, Element: Sendable {
    /// Subscribes and waits for the value; throws the single's error. Cancelling the waiting task
    /// disposes the subscription and throws `CancellationError`, unless the single already
    /// succeeded or failed: one that answers as it is subscribed answers in a cancelled task too.
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
    /// error. Cancelling the waiting task disposes the subscription and throws `CancellationError`,
    /// unless the maybe already answered (at once, as it was subscribed, in a cancelled task too).
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
    /// task disposes the subscription and throws `CancellationError`, unless the completable already
    /// ended (at once, as it was subscribed, in a cancelled task too).
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
///
/// The subscription is made even in a task already cancelled, as RxSwift makes it: a source that
/// answers as it is subscribed (`Completable.empty()`, `Single.just`) answers, and only a source
/// still silent once subscribed is cancelled.
nonisolated(nonsending) private func awaitSubscription<Value: Sendable>(
    _: Value.Type,
    _ subscribe: (_ resume: @escaping (Result<Value, Swift.Error>) -> Void) -> Disposable
) async throws -> Value {
    let waiter = SubscriptionWaiter<Value>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, Swift.Error>) in
            waiter.wait(continuation)
            waiter.subscription.setDisposable(subscribe { result in waiter.resume(result) })
            waiter.subscribed()
        }
    } onCancel: {
        waiter.cancel()
    }
}

// Reactive's pthread `Lock` rather than `Synchronization.Mutex`: TSan cannot see Mutex's futex waits.
/// The continuation of one `value` await, resumed exactly once: by the first result or by
/// cancellation, whichever comes first.
final private class SubscriptionWaiter<Value: Sendable>: @unchecked Sendable {  // `state` is only touched under `lock`
    private struct State {
        var continuation: CheckedContinuation<Value, Swift.Error>?
        var cancelled = false
    }

    private let lock = Lock()
    private var state = State()
    let subscription = SingleAssignmentDisposable()

    /// Stores the continuation, for the first result or the cancellation.
    func wait(_ continuation: CheckedContinuation<Value, Swift.Error>) {
        lock.performLocked { state.continuation = continuation }
    }

    /// Called once the subscription is made: in a task cancelled before it, a source that gave no
    /// result while it was subscribed is cancelled now.
    func subscribed() {
        let continuation = lock.performLocked {
            guard state.cancelled else { return nil as CheckedContinuation<Value, Swift.Error>? }
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(throwing: CancellationError())
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
