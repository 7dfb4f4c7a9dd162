// `fromAsync` is a Reactive addition, not RxSwift API (RxSwift's spellings for the traits are
// `Single.create(detached:priority:work:)` and `from(_:)`, in PrimitiveSequence+Async.swift, which
// the traits' forms here call). It is named so that it cannot be mistaken for an RxSwift member.

extension ObservableType {
    /// Reactive addition (not in RxSwift): on each subscription runs `operation` in a new task and
    /// emits its result, then completes; a thrown error is an error, and disposing cancels the task.
    public static func fromAsync(_ operation: @escaping @Sendable () async throws -> Element) -> Observable<Element> {
        AsyncOperation(operation)
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Reactive addition (not in RxSwift): on each subscription runs `operation` in a new task and
    /// succeeds with its result; a thrown error fails the single, and disposing cancels the task.
    public static func fromAsync(_ operation: @escaping @Sendable () async throws -> Element) -> Single<Element> {
        create(work: operation)
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Reactive addition (not in RxSwift): on each subscription runs `operation` in a new task and
    /// completes when it returns; a thrown error fails the completable, and disposing cancels the task.
    public static func fromAsync(_ operation: @escaping @Sendable () async throws -> Void) -> Completable {
        from(operation)
    }
}

final class AsyncOperation<Element>: Producer<Element> {
    typealias Operation = @Sendable () async throws -> Element

    private let operation: Operation
    private let detached: Bool
    private let priority: TaskPriority?

    init(_ operation: @escaping Operation, detached: Bool = false, priority: TaskPriority? = nil) {
        self.operation = operation
        self.detached = detached
        self.priority = priority
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = Sink<Never, Element>(observer: observer, cancel: cancel)
        // The subscribing thread gives the sink to the task and only disposes it afterwards (an atomic
        // flag); the task alone forwards through it, and starting the task orders the hand-over.
        let handoff = Handoff(sink)
        let operation = self.operation
        let run: @Sendable () async -> Void = {
            let sink = handoff.value
            do {
                let element = try await operation()
                sink.forwardNext(element)
                sink.forwardCompleted()
            } catch {
                sink.forwardError(error)
            }
            sink.dispose()
        }
        let task = detached ? Task.detached(priority: priority, operation: run) : Task(priority: priority, operation: run)
        return (sink, Disposables.create { task.cancel() })
    }
}
