import Synchronization

/// An observer made from a closure that stops listening after the first stop event.
@usableFromInline
final class AnonymousObserver<Element>: ObserverNode<Element> {
    @usableFromInline typealias EventHandler = (Event<Element>) -> Void

    private let eventHandler: EventHandler
    /// `eventHandler` given a value's event, made in code compiled for `Element` (`subscribe(_:)`).
    private let nextHandler: (Element) -> Void
    private let stopped = Atomic<Bool>(false)

    @usableFromInline
    init(_ eventHandler: @escaping EventHandler, next: @escaping (Element) -> Void) {
        self.eventHandler = eventHandler
        nextHandler = next
    }

    override func next(_ element: Element) {
        if stopped.load(ordering: .relaxed) { return }
        nextHandler(element)
    }

    override func error(_ error: Swift.Error) {
        if stopped.exchange(true, ordering: .acquiringAndReleasing) { return }
        eventHandler(.error(error))
    }

    override func completed() {
        if stopped.exchange(true, ordering: .acquiringAndReleasing) { return }
        eventHandler(.completed)
    }
}

/// The observer behind `subscribe(onNext:onError:onCompleted:onDisposed:)`: calls the closures
/// directly, without building events, stops listening after the first stop event, and sends an
/// unhandled error to `Hooks.defaultErrorHandler`.
@usableFromInline
final class ClosureObserver<Element>: ObserverNode<Element> {
    private let onNext: ((Element) -> Void)?
    private let onError: ((Swift.Error) -> Void)?
    private let onCompleted: (() -> Void)?
    // The `onDisposed` disposable and the recorded call stack are rare (no `onDisposed`, hooks off by
    // default) and an existential alone takes 40 bytes: boxed, they cost one pointer per observer,
    // which matters when thousands of subscriptions sit in a DisposeBag.
    private let extras: Extras?
    private let stopped = Atomic<Bool>(false)

    private final class Extras {
        let disposable: Disposable?
        let callStack: [String]

        init(disposable: Disposable?, callStack: [String]) {
            self.disposable = disposable
            self.callStack = callStack
        }
    }

    /// An observer with no `onDisposed` and no recorded call stack: `subscribe(onNext:…)`'s common case.
    @usableFromInline
    init(onNext: ((Element) -> Void)?, onError: ((Swift.Error) -> Void)?, onCompleted: (() -> Void)?) {
        self.onNext = onNext
        self.onError = onError
        self.onCompleted = onCompleted
        extras = nil
    }

    init(
        onNext: ((Element) -> Void)?, onError: ((Swift.Error) -> Void)?, onCompleted: (() -> Void)?,
        disposable: Disposable?, callStack: [String]
    ) {
        self.onNext = onNext
        self.onError = onError
        self.onCompleted = onCompleted
        extras = disposable == nil && callStack.isEmpty ? nil : Extras(disposable: disposable, callStack: callStack)
    }

    override func next(_ element: Element) {
        if stopped.load(ordering: .relaxed) { return }
        onNext?(element)
    }

    override func error(_ error: Swift.Error) {
        if stopped.exchange(true, ordering: .acquiringAndReleasing) { return }
        if let onError {
            onError(error)
        } else {
            Hooks.defaultErrorHandler(extras?.callStack ?? [], error)
        }
        extras?.disposable?.dispose()
    }

    override func completed() {
        if stopped.exchange(true, ordering: .acquiringAndReleasing) { return }
        onCompleted?()
        extras?.disposable?.dispose()
    }
}

/// The observer behind `subscribe(onNext:)` with no other closure: `ClosureObserver` for its most
/// common case, half the size, with one closure to release when it goes (a screen or a cell
/// subscribing by the thousand pays for the three optional closures it does not have).
@usableFromInline
final class NextObserver<Element>: ObserverNode<Element> {
    private let onNext: (Element) -> Void
    private let stopped = Atomic<Bool>(false)

    @usableFromInline
    init(_ onNext: @escaping (Element) -> Void) {
        self.onNext = onNext
    }

    override func next(_ element: Element) {
        if stopped.load(ordering: .relaxed) { return }
        onNext(element)
    }

    override func error(_ error: Swift.Error) {
        if stopped.exchange(true, ordering: .acquiringAndReleasing) { return }
        Hooks.defaultErrorHandler([], error)
    }

    override func completed() {
        stopped.store(true, ordering: .releasing)
    }
}
