import Synchronization

extension ObservableType {
    /// A sequence whose subscription runs `subscribe` with the observer; the returned disposable ends it.
    // Inlinable, so that each subscription's sink is made, wrapped and handed to `subscribe` in the
    // caller's code, compiled for its element type, which finds the generic metadata of the types
    // it mentions in caches of its own: the library's code, compiled once for every element type,
    // asked the runtime for two of them on every subscription.
    @inlinable
    public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> Disposable) -> Observable<Element> {
        AnonymousObservable(subscribe) { subscribe, observer, cancel in
            let sink = AnonymousObservableSink(observer: observer, cancel: cancel)
            return (sink, subscribe(AnyObserver(node: sink)))
        }
    }
}

@usableFromInline
final class AnonymousObservable<Element>: Producer<Element> {
    @usableFromInline typealias SubscribeHandler = (AnyObserver<Element>) -> Disposable
    /// Makes a subscription's sink and runs the handler with it: the sink, and what the handler returned.
    @usableFromInline typealias Runner = (SubscribeHandler, ObserverNode<Element>, Cancelable) -> (
        sink: Disposable, subscription: Disposable
    )

    let subscribeHandler: SubscribeHandler
    /// Made by `create` in the caller's code; takes the handler as an argument rather than
    /// capturing it, so that it captures nothing and allocates nothing.
    let runner: Runner

    @usableFromInline
    init(_ subscribeHandler: @escaping SubscribeHandler, runner: @escaping Runner) {
        self.subscribeHandler = subscribeHandler
        self.runner = runner
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        runner(subscribeHandler, observer, cancel)
    }
}

/// Enforces the grammar on a hand-written sequence: nothing after the first stop event.
@usableFromInline
final class AnonymousObservableSink<Element>: Sink<Element, Element> {
    private let stopped = Atomic<Bool>(false)

    override func next(_ element: Element) {
        if stopped.load(ordering: .acquiring) { return }
        forwardNext(element)
    }

    override func error(_ error: Swift.Error) {
        if stopped.exchange(true, ordering: .acquiringAndReleasing) { return }
        forwardError(error)
        dispose()
    }

    override func completed() {
        if stopped.exchange(true, ordering: .acquiringAndReleasing) { return }
        forwardCompleted()
        dispose()
    }
}
