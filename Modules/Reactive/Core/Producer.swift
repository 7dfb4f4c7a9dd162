/// The base of every built-in sequence: subscribing creates a sink and runs it.
///
/// Like RxSwift, a subscription made outside any trampoline starts one on the current thread
/// (`CurrentThreadScheduler`), so that sequences which schedule recursively (`of`, `range`, `concat`,
/// ...) run as a loop, not as deep recursion.
@usableFromInline
class Producer<Element>: Observable<Element> {
    override func subscribeNode(_ observer: consuming ObserverNode<Element>) -> Disposable {
        // Moved into a constant: a closure capturing the parameter itself boxed it as a variable.
        let observer = consume observer
        if !CurrentThreadScheduler.isScheduleRequired {
            return subscribeNow(observer)
        }
        return CurrentThreadScheduler.instance.schedule(()) { _ in self.subscribeNow(observer) }
    }

    private func subscribeNow(_ observer: ObserverNode<Element>) -> Disposable {
        let disposer = SinkDisposer()
        let (sink, subscription) = run(observer, cancel: disposer)
        disposer.setSinkAndSubscription(sink: sink, subscription: subscription)
        return disposer
    }

    /// Creates the sink for one subscription and starts it.
    func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        rxAbstractMethod()
    }
}
