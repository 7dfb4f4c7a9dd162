import Foundation

// The tutorial's service, and the two calls of PromiseKit's `Promise` that its side effects use.

/// Where the app's data comes from: a server in the app, a stub in tests.
protocol DataService {
    func fetchUsers() -> Promise<[User]>
    func fetchPosts() -> Promise<[Post]>
}

/// A value that arrives later, or an error: PromiseKit's `then` and `catch`, nothing more.
final class Promise<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `result` and `waiting` are only touched under `lock`.
    private let lock = NSLock()
    private var result: Result<Value, Error>?
    private var waiting: [@Sendable (Result<Value, Error>) -> Void] = []

    /// A promise that `body` settles, now or later, from any thread.
    init(_ body: (_ fulfill: @escaping @Sendable (Value) -> Void, _ reject: @escaping @Sendable (Error) -> Void) -> Void) {
        body({ self.settle(.success($0)) }, { self.settle(.failure($0)) })
    }

    private func settle(_ result: Result<Value, Error>) {
        let waiting = lock.withLock {
            self.result = result
            defer { self.waiting = [] }
            return self.waiting
        }
        for callback in waiting { callback(result) }
    }

    private func whenSettled(_ callback: @escaping @Sendable (Result<Value, Error>) -> Void) {
        let settled = lock.withLock {
            if result == nil { waiting.append(callback) }
            return result
        }
        if let settled { callback(settled) }
    }

    /// Calls `body` with the value, if it arrives.
    @discardableResult
    func then(_ body: @escaping @Sendable (Value) -> Void) -> Promise<Value> {
        whenSettled { if case .success(let value) = $0 { body(value) } }
        return self
    }

    /// Calls `body` with the error, if there is one.
    func `catch`(_ body: @escaping @Sendable (Error) -> Void) {
        whenSettled { if case .failure(let error) = $0 { body(error) } }
    }
}
