extension AsyncSequence where Self: Sendable {
    /// An observable that iterates the sequence in a new task on each subscription: each element is a
    /// value, the end is completion, a thrown error is an error (cancellation ends it quietly, as
    /// completion); disposing the subscription cancels the task. The task is detached from the
    /// subscriber's context when `detached` is true, and runs at `priority` when one is given.
    ///
    /// `Self: Sendable` because every subscription iterates the sequence in a task of its own.
    public func asObservable(detached: Bool = false, priority: TaskPriority? = nil) -> Observable<Element> {
        Observable.create { observer in
            // The subscribing thread gives the observer to the task and never uses it again; the task
            // is its only caller from then on, and starting the task orders the hand-over.
            let handoff = Handoff(observer)
            let iterate: @Sendable () async -> Void = {
                let observer = handoff.value
                do {
                    for try await element in self {
                        observer.onNext(element)
                    }
                    observer.onCompleted()
                } catch is CancellationError {
                    observer.onCompleted()
                } catch {
                    observer.onError(error)
                }
            }
            let task = detached ? Task.detached(priority: priority, operation: iterate) : Task(priority: priority, operation: iterate)
            return Disposables.create { task.cancel() }
        }
    }
}
