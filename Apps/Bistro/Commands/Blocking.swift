import Dispatch
import Reactive

/// Waits on the calling thread until `observable` ends, and returns its elements or throws its error.
///
/// A command runs once and exits, so it blocks the main thread; the services deliver on their own
/// queues (never the main one), so this cannot deadlock.
func waitForCompletion<Element: Sendable>(_ observable: Observable<Element>) throws -> [Element] {
    let outcome = Locked<(elements: [Element], error: (any Error)?)>(([], nil))
    let done = DispatchSemaphore(value: 0)
    let subscription = observable.subscribe(
        onNext: { element in outcome.withLock { $0.elements.append(element) } },
        onError: { error in
            outcome.withLock { $0.error = error }
            done.signal()
        },
        onCompleted: { done.signal() })
    done.wait()
    subscription.dispose()
    let (elements, error) = outcome.withLock { ($0.elements, $0.error) }
    if let error { throw error }
    return elements
}
