/// A type that can present itself as an `Observable`.
public protocol ObservableConvertibleType {
    /// The type of the values.
    associatedtype Element
    /// This sequence as an `Observable`.
    func asObservable() -> Observable<Element>
}

/// A push-based sequence of values that observers subscribe to.
public protocol ObservableType: ObservableConvertibleType {
    /// Subscribes an observer; disposing the result ends the subscription.
    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element
}

extension ObservableType {
    /// This sequence as an `Observable`.
    public func asObservable() -> Observable<Element> {
        Observable.create { observer in self.subscribe(observer) }
    }
}
