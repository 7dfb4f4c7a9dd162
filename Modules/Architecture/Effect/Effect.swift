import Dependencies
import Reactive

/// Work a reducer asks the store to do after it changed the state: nothing, an action to send,
/// async work that sends actions back, an Rx sequence, or a combination, each optionally cancellable.
///
/// An effect is a description: nothing runs until the store that received it runs it.
public struct Effect<Action: Sendable>: Sendable {
    @usableFromInline
    indirect enum Operation: Sendable {
        case none
        case send(Action)
        case run(priority: TaskPriority?, operation: @Sendable (Send<Action>) async -> Void)
        case observable(make: @Sendable () -> Observable<Action>, onError: (@Sendable (any Error) -> Action?)?, location: IssueLocation)
        case merge([Effect])
        case concatenate([Effect])
        case cancellable(id: EffectID, cancelInFlight: Bool, Effect)
        case cancel(id: EffectID)
        case onComplete(Effect, @Sendable () -> Void)
    }

    @usableFromInline let operation: Operation

    @usableFromInline
    init(_ operation: Operation) {
        self.operation = operation
    }

    /// An effect that does nothing.
    @inlinable
    public static var none: Effect { Effect(.none) }

    /// An effect that sends `action` back to the store as soon as the current action is processed.
    @inlinable
    public static func send(_ action: Action) -> Effect { Effect(.send(action)) }

    /// Whether this effect does nothing, so the store can skip it without allocating.
    @inlinable
    public var isNone: Bool {
        if case .none = operation { return true }
        return false
    }
}
