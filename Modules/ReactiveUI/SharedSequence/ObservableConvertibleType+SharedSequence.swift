import Reactive

extension ObservableConvertibleType {
    /// A shared sequence of any strategy (a `Driver` or a `Signal`) of this sequence's elements,
    /// moved to the strategy's scheduler, that sends `onErrorJustReturn` and completes in place of an error.
    public func asSharedSequence<Strategy: SharingStrategyProtocol>(
        sharingStrategy: Strategy.Type = Strategy.self, onErrorJustReturn: Element
    ) -> SharedSequence<Strategy, Element> {
        SharedSequence(asObservable().observe(on: Strategy.scheduler).catchAndReturn(onErrorJustReturn))
    }

    /// A shared sequence of this sequence's elements, moved to the strategy's scheduler, that
    /// continues with `onErrorDriveWith` in place of an error.
    public func asSharedSequence<Strategy: SharingStrategyProtocol>(
        sharingStrategy: Strategy.Type = Strategy.self, onErrorDriveWith: SharedSequence<Strategy, Element>
    ) -> SharedSequence<Strategy, Element> {
        SharedSequence(asObservable().observe(on: Strategy.scheduler).catch { _ in onErrorDriveWith.asObservable() })
    }

    /// A shared sequence of this sequence's elements, moved to the strategy's scheduler, that
    /// continues with the sequence `onErrorRecover` makes of an error.
    public func asSharedSequence<Strategy: SharingStrategyProtocol>(
        sharingStrategy: Strategy.Type = Strategy.self,
        onErrorRecover: @escaping (_ error: Swift.Error) -> SharedSequence<Strategy, Element>
    ) -> SharedSequence<Strategy, Element> {
        SharedSequence(asObservable().observe(on: Strategy.scheduler).catch { onErrorRecover($0).asObservable() })
    }
}

extension SharedSequenceConvertibleType where Element: Sendable {
    /// The elements as an async stream (RxCocoa's `values`): subscribes when built, yields every
    /// element (buffered without limit), ends on completion; cancelling the consuming task disposes
    /// the subscription. A shared sequence never fails, so the stream does not throw.
    @MainActor
    public var values: AsyncStream<Element> {
        AsyncStream<Element> { continuation in
            let subscription = SingleAssignmentDisposable()
            continuation.onTermination = { _ in subscription.dispose() }
            subscription.setDisposable(
                asObservable().subscribe(
                    onNext: { element in continuation.yield(element) },
                    onCompleted: { continuation.finish() }
                ))
        }
    }
}
