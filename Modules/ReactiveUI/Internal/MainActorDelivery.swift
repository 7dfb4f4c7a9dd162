import Dispatch
import Foundation
import Reactive

/// Calls a `drive`/`emit` closure on the main thread. Elements of a driver or signal arrive on the
/// sharing scheduler, the main thread; a mock scheduler run on another thread is a test's mistake,
/// stopped here with a message saying so rather than left as a data race in a view.
@inline(__always)
func deliverOnMainThread(_ body: () -> Void) {
    precondition(
        Thread.isMainThread,
        "A driver or signal delivered off the main thread: a SharingScheduler.mock scheduler must run on the main thread.")
    body()
}

/// Calls an `onDisposed` closure on the main thread: at once there, else queued there (a
/// subscription may be disposed from any thread, and the closure may touch a view).
func disposeOnMainThread(_ body: @escaping () -> Void) {
    if Thread.isMainThread {
        body()
    } else {
        // Only the main thread runs it: the closure made on the main thread goes back there.
        nonisolated(unsafe) let body = body
        DispatchQueue.main.async { body() }
    }
}

extension Observable {
    /// Subscribes `drive`'s and `emit`'s closures, called on the main thread. A closure made in a
    /// main-actor view is the main actor's (Swift gives a closure the isolation of the code that
    /// makes it), so it runs where it may touch the view.
    func subscribeOnMainThread(
        onNext: ((Element) -> Void)?, onCompleted: (() -> Void)?, onDisposed: (() -> Void)?
    ) -> Disposable {
        subscribe(
            onNext: onNext.map { onNext in { element in deliverOnMainThread { onNext(element) } } },
            onCompleted: onCompleted.map { onCompleted in { deliverOnMainThread { onCompleted() } } },
            onDisposed: onDisposed.map { onDisposed in { disposeOnMainThread { onDisposed() } } })
    }

    /// Subscribes closures called on the main thread with `object` while it lives (held weakly;
    /// once it is gone the closures are no longer called).
    func subscribeOnMainThread<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)?, onCompleted: ((Object) -> Void)?,
        onDisposed: ((Object) -> Void)?
    ) -> Disposable {
        weak let weakObject = object
        return subscribeOnMainThread(
            onNext: { element in if let object = weakObject { onNext?(object, element) } },
            onCompleted: { if let object = weakObject { onCompleted?(object) } },
            onDisposed: { if let object = weakObject { onDisposed?(object) } })
    }
}
