/// Something that can be ended: a subscription, a scheduled action, a resource.
public protocol Disposable {
    /// Ends it. Calling `dispose` again does nothing.
    func dispose()

    /// Adds this disposable to `bag`, so it is disposed when the bag is.
    // A requirement, with the implementation below for every type: the library's subscription to a
    // subject has its own, which goes into the bag as what it is (made from a generic value, a bag's
    // entry was a boxed existential built and taken apart through the type's witnesses).
    func disposed(by bag: DisposeBag)
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
