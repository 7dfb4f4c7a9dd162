import Reactive

extension Database {
    /// The value of `fetch` now, then again after each committed transaction that changed a table it
    /// read, on the database's delivery queue; `removeDuplicates`, when given, drops a fresh value
    /// equal to the previous one.
    public func observe<Value: Sendable>(
        removeDuplicates: (@Sendable (Value, Value) -> Bool)? = nil,
        fetch: @escaping @Sendable (any ReadTransaction) throws -> Value
    ) -> Observable<Value> {
        observe(removeDuplicates: removeDuplicates, delivery: .deliveryQueue, fetch: fetch)
    }

    /// The records `query` selects now, then again after each committed transaction that changed its
    /// table, delivered where `delivery` says.
    public func observe<Record>(_ query: Query<Record>, delivery: ObservationDelivery = .deliveryQueue) -> Observable<[Record]> {
        observe(removeDuplicates: nil, delivery: delivery) { try $0.fetchAll(query) }
    }

    /// The records `query` selects now, then again after each committed transaction that changed its table; with `removeDuplicates`, only when they differ.
    public func observe<Record: Equatable>(_ query: Query<Record>, removeDuplicates: Bool) -> Observable<[Record]> {
        var isDuplicate: (@Sendable ([Record], [Record]) -> Bool)?
        if removeDuplicates { isDuplicate = { (previous: [Record], next: [Record]) in previous == next } }
        return observe(removeDuplicates: isDuplicate) { try $0.fetchAll(query) }
    }

    /// The first record `query` selects (or nil) now, then again after each committed transaction that changed its table.
    public func observeOne<Record>(_ query: Query<Record>) -> Observable<Record?> {
        observe { try $0.fetchOne(query) }
    }

    /// The number of records `query` selects now, then again (only when it differs) after each committed transaction that changed its table.
    public func observeCount<Record>(_ query: Query<Record>) -> Observable<Int> {
        observe(removeDuplicates: { $0 == $1 }) { try $0.fetchCount(query) }
    }
}
