import Reactive

extension ObservableConvertibleType {
    /// A signal of this sequence's elements, moved to the main scheduler, that sends `onErrorJustReturn`
    /// and completes in place of an error.
    public func asSignal(onErrorJustReturn: Element) -> Signal<Element> {
        asSharedSequence(sharingStrategy: SignalSharingStrategy.self, onErrorJustReturn: onErrorJustReturn)
    }

    /// A signal of this sequence's elements, moved to the main scheduler, that continues with
    /// `onErrorSignalWith` in place of an error.
    public func asSignal(onErrorSignalWith: Signal<Element>) -> Signal<Element> {
        asSharedSequence(sharingStrategy: SignalSharingStrategy.self, onErrorDriveWith: onErrorSignalWith)
    }

    /// A signal of this sequence's elements, moved to the main scheduler, that continues with the
    /// signal `onErrorRecover` makes of an error.
    public func asSignal(onErrorRecover: @escaping (_ error: Swift.Error) -> Signal<Element>) -> Signal<Element> {
        asSharedSequence(sharingStrategy: SignalSharingStrategy.self, onErrorRecover: onErrorRecover)
    }
}

extension InfallibleType {
    /// A signal of this infallible's elements, moved to the main scheduler.
    public func asSignal() -> Signal<Element> {
        Signal(asObservable().observe(on: SignalSharingStrategy.scheduler))
    }
}

extension PublishRelay {
    /// The relay as a signal: each accepted value, on the main scheduler.
    public func asSignal() -> Signal<Element> {
        Signal(asObservable().observe(on: SignalSharingStrategy.scheduler))
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// This signal.
    public func asSignal() -> Signal<Element> { asSharedSequence() }
}
