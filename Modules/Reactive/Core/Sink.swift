import Synchronization

/// The per-subscription state of an operator: observes `Input` and forwards `Output` downstream
/// until disposed. A sink with no single upstream of its own uses `Never` as its input.
@usableFromInline
class Sink<Input, Output>: ObserverNode<Input>, Disposable {
    @usableFromInline final let observer: ObserverNode<Output>
    final let cancel: Cancelable
    @usableFromInline let disposed = Atomic<Bool>(false)

    @usableFromInline
    init(observer: ObserverNode<Output>, cancel: Cancelable) {
        self.observer = observer
        self.cancel = cancel
    }

    /// Sends a value downstream unless this subscription was disposed.
    @inlinable @inline(__always) final func forwardNext(_ element: Output) {
        if disposed.load(ordering: .relaxed) { return }
        observer.next(element)
    }

    /// Sends the error downstream unless this subscription was disposed.
    @inline(__always) final func forwardError(_ error: Swift.Error) {
        if disposed.load(ordering: .relaxed) { return }
        observer.error(error)
    }

    /// Sends the completion downstream unless this subscription was disposed.
    @inline(__always) final func forwardCompleted() {
        if disposed.load(ordering: .relaxed) { return }
        observer.completed()
    }

    /// By default an error ends the subscription: it goes downstream, then the sink is disposed.
    override func error(_ error: Swift.Error) {
        forwardError(error)
        dispose()
    }

    /// By default completion ends the subscription: it goes downstream, then the sink is disposed.
    override func completed() {
        forwardCompleted()
        dispose()
    }

    /// Sends an event downstream unless this subscription was disposed.
    final func forwardOn(_ event: Event<Output>) {
        if disposed.load(ordering: .relaxed) { return }
        observer.on(event)
    }

    /// Whether this subscription was disposed.
    final var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    @usableFromInline
    func dispose() {
        disposed.store(true, ordering: .releasing)
        cancel.dispose()
    }
}

/// Holds a sink and its source subscription; disposing it disposes both, once, whatever the order
/// in which the subscription finishes being set up and the disposal arrives.
final class SinkDisposer: Cancelable, @unchecked Sendable {  // the `state` atomic guards `sink`/`subscription`
    private struct Flag {
        static let disposed = 1
        static let sinkAndSubscriptionSet = 2
    }

    private let state = Atomic<Int>(0)
    // Written before `sinkAndSubscriptionSet` is published and read after it is seen, by the one
    // caller that finds both flags set: no two accesses overlap, so they skip the dynamic
    // exclusivity check (seven per subscription, a tenth of its cost).
    @exclusivity(unchecked) private var sink: Disposable?
    @exclusivity(unchecked) private var subscription: Disposable?

    var isDisposed: Bool { state.load(ordering: .acquiring) & Flag.disposed != 0 }

    func setSinkAndSubscription(sink: Disposable, subscription: Disposable) {
        self.sink = sink
        self.subscription = subscription
        let previous = state.bitwiseOr(Flag.sinkAndSubscriptionSet, ordering: .acquiringAndReleasing).oldValue
        precondition(previous & Flag.sinkAndSubscriptionSet == 0, "Sink and subscription were already set")
        if previous & Flag.disposed != 0 {
            sink.dispose()
            subscription.dispose()
            self.sink = nil
            self.subscription = nil
        }
    }

    func dispose() {
        let previous = state.bitwiseOr(Flag.disposed, ordering: .acquiringAndReleasing).oldValue
        if previous & Flag.disposed != 0 { return }
        if previous & Flag.sinkAndSubscriptionSet != 0 {
            // Moved out, not copied: a copy of each existential was made and destroyed again.
            guard let sink = sink.take(), let subscription = subscription.take() else {
                rxFatalError("Sink and subscription should be set")
            }
            sink.dispose()
            subscription.dispose()
        }
    }
}
