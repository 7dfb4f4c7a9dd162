import Reactive

/// Values appended in order (calls to a fake endpoint, log lines), from any thread.
public final class AppendLog<Value: Sendable>: Sendable {
    private let storage = Locked<[Value]>([])

    public init() {}

    public func append(_ value: Value) {
        storage.withLock { $0.append(value) }
    }

    public var values: [Value] { storage.withLock { $0 } }
}
