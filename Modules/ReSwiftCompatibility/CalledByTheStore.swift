import Reactive

/// An app's reducer or middleware, handed to Architecture's store, which calls it one action at a
/// time on the thread that is processing actions.
@usableFromInline
struct CalledByTheStore<Value>: @unchecked Sendable {
    // @unchecked Sendable: the value is only called by the Architecture store's drainer, a role its
    // core hands out under its lock (`StoreCore.lock`), so no two calls ever overlap; and it is
    // only read after `init`.
    @usableFromInline let value: Value

    @inlinable
    init(_ value: Value) {
        self.value = value
    }
}

/// What the store does when a reducer dispatches: stop, as ReSwift does. Tests replace `handler`
/// to see the message instead; the dispatch is then dropped.
enum ReducerDispatch {
    static let handler = Locked<(@Sendable (String) -> Void)?>(nil)

    static func stop(_ action: Action) {
        let message =
            "Store.dispatch(\(action)) was called from inside the reducer. A reducer must be a pure function of "
            + "the action and the state: dispatch what follows from an action in a middleware or a subscriber."
        guard let handler = handler.withLock({ $0 }) else { fatalError(message) }
        handler(message)
    }

    /// Runs `body` with the stop replaced by keeping the message; returns the messages kept.
    static func messages(during body: () -> Void) -> [String] {
        let messages = Locked<[String]>([])
        handler.withLock { $0 = { message in messages.withLock { $0.append(message) } } }
        defer { handler.withLock { $0 = nil } }
        body()
        return messages.withLock { $0 }
    }
}
