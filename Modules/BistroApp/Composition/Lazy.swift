import Reactive

/// A value made on first use, once, and kept: a database opened, remote config loaded. A failure
/// is kept too, so that every feature of the run reads the same one.
final class Lazy<Value: Sendable>: Sendable {
    // `Locked` is held while `make` runs: a second caller waits for the first one's value.
    private let state = Locked<Result<Value, any Error>?>(nil)
    private let make: @Sendable () throws -> Value

    init(_ make: @escaping @Sendable () throws -> Value) {
        self.make = make
    }

    /// The value, made now if this is the first use.
    func get() throws -> Value {
        try state.withLock { state in
            if let state { return state }
            let made = Result { try make() }
            state = made
            return made
        }.get()
    }

    /// The value if it was made, without making it.
    var ifMade: Value? {
        state.withLock { try? $0?.get() }
    }
}
