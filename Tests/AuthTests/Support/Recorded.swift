import Reactive

/// Values recorded in order (calls to a fake endpoint, log lines); safe to append from any thread.
final class Recorded<Value: Sendable>: Sendable {
    private let storage = Locked<[Value]>([])

    func append(_ value: Value) {
        storage.withLock { $0.append(value) }
    }

    var values: [Value] { storage.withLock { $0 } }
}
