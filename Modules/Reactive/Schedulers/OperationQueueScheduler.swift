import Foundation

/// Runs work as operations on an `OperationQueue`.
public final class OperationQueueScheduler: ImmediateSchedulerType, Sendable {
    /// The queue the operations go to.
    public let operationQueue: OperationQueue
    /// The priority given to each operation.
    public let queuePriority: Operation.QueuePriority

    /// A scheduler on `operationQueue`.
    public init(operationQueue: OperationQueue, queuePriority: Operation.QueuePriority = .normal) {
        self.operationQueue = operationQueue
        self.queuePriority = queuePriority
    }

    /// Adds an operation running `action(state)`.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let cancel = SingleAssignmentDisposable()
        // Handed to the operation queue, which alone runs it.
        let work = Handoff((state, action))
        let operation = BlockOperation {
            if cancel.isDisposed { return }
            cancel.setDisposable(work.value.1(work.value.0))
        }
        operation.queuePriority = queuePriority
        operationQueue.addOperation(operation)
        return cancel
    }
}
