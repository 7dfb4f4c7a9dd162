import Dispatch
import Foundation
import Reactive

/// Calls a `drive`/`emit` closure on the main actor. Elements of a driver or signal arrive on the
/// sharing scheduler, the main thread; a mock scheduler run on another thread is a test's mistake,
/// stopped here with a message saying so rather than left as a data race in a view.
@inline(__always)
func deliverOnMainActor(_ body: @MainActor () -> Void) {
    precondition(
        Thread.isMainThread,
        "A driver or signal delivered off the main thread: a SharingScheduler.mock scheduler must run on the main thread.")
    MainActor.assumeIsolated(body)
}

/// Calls an `onDisposed` closure on the main actor: at once on the main thread, else queued there
/// (a subscription may be disposed from any thread).
func disposeOnMainActor(_ body: @escaping @MainActor () -> Void) {
    if Thread.isMainThread {
        MainActor.assumeIsolated(body)
    } else {
        DispatchQueue.main.async(execute: body)
    }
}

extension Observable {
    /// Subscribes closures that run on the main actor: `drive`'s and `emit`'s, called there.
    @MainActor
    func subscribeOnMainActor(
        onNext: (@MainActor (Element) -> Void)?, onCompleted: (@MainActor () -> Void)?, onDisposed: (@MainActor () -> Void)?
    ) -> Disposable {
        subscribe(
            onNext: onNext.map { onNext in { element in deliverOnMainActor { onNext(element) } } },
            onCompleted: onCompleted.map { onCompleted in { deliverOnMainActor { onCompleted() } } },
            onDisposed: onDisposed.map { onDisposed in { disposeOnMainActor { onDisposed() } } })
    }

    /// Subscribes closures that run on the main actor with `object` while it lives (held weakly;
    /// once it is gone the closures are no longer called).
    @MainActor
    func subscribeOnMainActor<Object: AnyObject>(
        with object: Object,
        onNext: (@MainActor (Object, Element) -> Void)?, onCompleted: (@MainActor (Object) -> Void)?,
        onDisposed: (@MainActor (Object) -> Void)?
    ) -> Disposable {
        weak let weakObject = object
        return subscribeOnMainActor(
            onNext: { element in if let object = weakObject { onNext?(object, element) } },
            onCompleted: { if let object = weakObject { onCompleted?(object) } },
            onDisposed: { if let object = weakObject { onDisposed?(object) } })
    }
}
