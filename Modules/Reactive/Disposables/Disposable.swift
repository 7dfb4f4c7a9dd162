/// Something that can be ended: a subscription, a scheduled action, a resource.
public protocol Disposable {
    /// Ends it. Calling `dispose` again does nothing.
    func dispose()
}

/// A disposable that can tell whether it was disposed.
public protocol Cancelable: Disposable {
    /// Whether `dispose` was called.
    var isDisposed: Bool { get }
}

extension Disposable {
    /// Adds this disposable to `bag`, so it is disposed when the bag is.
    public func disposed(by bag: DisposeBag) {
        bag.insertValue(self)
    }
}
