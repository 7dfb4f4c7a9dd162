import Reactive

extension ObservableConvertibleType {
    /// A driver of this sequence's elements, moved to the main scheduler, that sends `onErrorJustReturn`
    /// and completes in place of an error.
    public func asDriver(onErrorJustReturn: Element) -> Driver<Element> {
        asSharedSequence(sharingStrategy: DriverSharingStrategy.self, onErrorJustReturn: onErrorJustReturn)
    }

    /// A driver of this sequence's elements, moved to the main scheduler, that continues with
    /// `onErrorDriveWith` in place of an error.
    public func asDriver(onErrorDriveWith: Driver<Element>) -> Driver<Element> {
        asSharedSequence(sharingStrategy: DriverSharingStrategy.self, onErrorDriveWith: onErrorDriveWith)
    }

    /// A driver of this sequence's elements, moved to the main scheduler, that continues with the
    /// driver `onErrorRecover` makes of an error.
    public func asDriver(onErrorRecover: @escaping (_ error: Swift.Error) -> Driver<Element>) -> Driver<Element> {
        asSharedSequence(sharingStrategy: DriverSharingStrategy.self, onErrorRecover: onErrorRecover)
    }
}

extension InfallibleType {
    /// A driver of this infallible's elements, moved to the main scheduler.
    public func asDriver() -> Driver<Element> {
        Driver(asObservable().observe(on: DriverSharingStrategy.scheduler))
    }
}

extension PublishRelay {
    /// The relay as a driver: each accepted value on the main scheduler, the latest replayed to a
    /// new subscriber.
    public func asDriver() -> Driver<Element> {
        Driver(asObservable().observe(on: DriverSharingStrategy.scheduler))
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// This driver.
    public func asDriver() -> Driver<Element> { asSharedSequence() }
}

extension BehaviorRelay {
    /// The relay as a driver: its current value, then each accepted one, on the main scheduler.
    public func asDriver() -> Driver<Element> {
        Driver(asObservable().observe(on: DriverSharingStrategy.scheduler))
    }
}
