import Foundation
import Reactive

/// A sequence read by blocking the calling thread until it ends (RxBlocking's `BlockingObservable`);
/// use it in tests only. On the main thread the main run loop keeps running while it waits.
public struct BlockingObservable<Element> {
    let timeout: TimeInterval?
    let source: Observable<Element>
}

extension ObservableConvertibleType {
    /// This sequence read by blocking; with a `timeout` (seconds), reading fails with `RxError.timeout`
    /// when the sequence has not ended in time.
    public func toBlocking(timeout: TimeInterval? = nil) -> BlockingObservable<Element> {
        BlockingObservable(timeout: timeout, source: asObservable())
    }
}

extension BlockingObservable {
    /// Subscribes, blocks until the sequence ends, `max` accepted elements arrive, the predicate throws
    /// or the timeout passes, disposes the subscription and reports what was received.
    func materializeResult(
        max: Int? = nil, predicate: @escaping (Element) throws -> Bool = { _ in true }
    ) -> MaterializedSequenceResult<Element> {
        let wait = BlockingWait()
        let collector = BlockingCollector<Element>(max: max, predicate: predicate, wait: wait)
        let subscription = SingleAssignmentDisposable()
        defer { subscription.dispose() }

        let subscribe = {
            subscription.setDisposable(
                source.subscribe { event in
                    if collector.on(event) { subscription.dispose() }
                })
        }
        // As RxBlocking: subscribing inside the trampoline lets a synchronous source (`of`, `from`)
        // start only once the subscription is stored, so `first()` can stop it after one element.
        if CurrentThreadScheduler.isScheduleRequired {
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                subscribe()
                return Disposables.create()
            }
        } else {
            subscribe()
        }

        if !wait.wait(timeout: timeout) {
            collector.timeOut()
        }
        return collector.result
    }

    /// The elements of a completed result; the error of a failed one is thrown.
    func elementsOrThrow(_ result: MaterializedSequenceResult<Element>) throws -> [Element] {
        switch result {
        case .completed(let elements): return elements
        case .failed(_, let error): throw error
        }
    }
}

/// Collects what a blocked-on sequence sends, from whichever thread sends it, and wakes the waiter
/// when the sequence ends. Its state is guarded by `lock`; the waiting thread reads it after waking.
private final class BlockingCollector<Element> {
    private let lock = NSLock()
    private let max: Int?
    private let predicate: (Element) throws -> Bool
    private let wait: BlockingWait
    private var elements: [Element] = []
    private var error: Swift.Error?
    private var finished = false

    init(max: Int?, predicate: @escaping (Element) throws -> Bool, wait: BlockingWait) {
        self.max = max
        self.predicate = predicate
        self.wait = wait
    }

    /// Records an event; true when the result is complete and the subscription should end.
    func on(_ event: Event<Element>) -> Bool {
        lock.lock()
        if finished {
            lock.unlock()
            return true
        }
        switch event {
        case .next(let element):
            do {
                if try predicate(element) { elements.append(element) }
                if let max, elements.count >= max { finished = true }
            } catch {
                self.error = error
                finished = true
            }
        case .error(let error):
            self.error = error
            finished = true
        case .completed:
            finished = true
        }
        let done = finished
        lock.unlock()
        if done { wait.finish() }
        return done
    }

    /// Ends the result with `RxError.timeout` unless the sequence ended first.
    func timeOut() {
        lock.lock()
        defer { lock.unlock() }
        if finished { return }
        error = RxError.timeout
        finished = true
    }

    /// What was received.
    var result: MaterializedSequenceResult<Element> {
        lock.lock()
        defer { lock.unlock() }
        if let error { return .failed(elements: elements, error: error) }
        return .completed(elements: elements)
    }
}
