/// What to fetch of one record type: a filter, an order, a limit and an offset.
///
/// The seed's `SellerContacts.fetchRequestWithSort()` is `SellerContacts.order(Column("order").asc)`.
public struct Query<Record: DatabaseRecord>: Sendable, Hashable {
    /// Which records match (nil: all).
    public var filter: Filter?
    /// The sort keys, most significant first (empty: storage order).
    public var ordering: [Ordering]
    /// At most this many records (nil: no limit).
    public var limit: Int?
    /// Skip this many records first (nil: none).
    public var offset: Int?

    /// A query with the given parts.
    public init(filter: Filter? = nil, ordering: [Ordering] = [], limit: Int? = nil, offset: Int? = nil) {
        self.filter = filter
        self.ordering = ordering
        self.limit = limit
        self.offset = offset
    }

    /// The tables the query reads, whose commits make an observation of it fetch again.
    public var tables: Set<String> { [Record.tableName] }

    /// This query with `filter` added (both must hold).
    public func filter(_ filter: Filter) -> Query {
        var query = self
        query.filter = self.filter.map { $0 && filter } ?? filter
        return query
    }

    /// This query sorted by the given keys instead of its current ones.
    public func order(_ orderings: Ordering...) -> Query {
        var query = self
        query.ordering = orderings
        return query
    }

    /// This query limited to `limit` records after skipping `offset`.
    public func limit(_ limit: Int, offset: Int? = nil) -> Query {
        var query = self
        query.limit = limit
        query.offset = offset
        return query
    }
}
