extension ObservableConvertibleType where Element: Sendable {
    /// The sequence as an async stream: subscribes when built, yields every value (buffered without
    /// limit), ends with the sequence's error or completion. Cancelling the consuming task disposes
    /// the subscription and ends the stream with `CancellationError`, as RxSwift's does, even
    /// before any event.
    public var values: AsyncThrowingStream<Element, Swift.Error> {
        AsyncThrowingStream<Element, Swift.Error> { continuation in
            // Set before subscribing, so that a stream terminated while the subscription is still being
            // made disposes it as soon as it is set.
            let subscription = SingleAssignmentDisposable()
            continuation.onTermination = { _ in subscription.dispose() }
            subscription.setDisposable(
                asObservable().subscribe(
                    onNext: { element in continuation.yield(element) },
                    onError: { error in continuation.finish(throwing: error) },
                    onCompleted: { continuation.finish() },
                    // Disposed before an error or completion: the consumer was cancelled. (After one,
                    // the stream has ended, and a second finish changes nothing.) The stream's
                    // cancellation calls `onTermination` before it ends the stream, so this error is
                    // what the waiting `next()` throws.
                    onDisposed: { continuation.finish(throwing: CancellationError()) }
                ))
        }
    }
}

extension InfallibleType where Element: Sendable {
    /// The sequence as an async stream: subscribes when built, yields every value (buffered without
    /// limit), ends on completion; cancelling the consuming task disposes the subscription.
    public var values: AsyncStream<Element> {
        AsyncStream<Element> { continuation in
            let subscription = SingleAssignmentDisposable()
            continuation.onTermination = { _ in subscription.dispose() }
            subscription.setDisposable(
                subscribe(
                    onNext: { element in continuation.yield(element) },
                    onCompleted: { continuation.finish() }
                ))
        }
    }
}
