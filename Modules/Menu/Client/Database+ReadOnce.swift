import MenuInterface
import PersistenceInterface
import Reactive

extension Database {
    /// One read, in a read transaction queued behind every write asked for before it (the first
    /// value of an observation); its failure is a `MenuError`.
    func readOnce<Value: Sendable>(_ fetch: @escaping @Sendable (any ReadTransaction) throws -> Value) -> Single<Value> {
        observe(fetch: fetch)
            .take(1)
            .asSingle()
            .catch { .error(MenuError(storageFailure: $0)) }
    }
}

extension MenuError {
    /// `error` itself when it is a `MenuError` (a rule the transaction enforced), else `.storage`.
    init(storageFailure error: any Error) {
        self = error as? MenuError ?? .storage(reason: "\(error)")
    }
}
