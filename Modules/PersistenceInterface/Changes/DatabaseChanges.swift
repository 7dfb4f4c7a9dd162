/// What one committed transaction changed: the tables and how many rows were inserted, updated and deleted in each.
public struct DatabaseChanges: Sendable, Hashable {
    /// Row counts of one table.
    public struct Counts: Sendable, Hashable {
        /// Rows inserted.
        public var inserted: Int
        /// Rows updated.
        public var updated: Int
        /// Rows deleted.
        public var deleted: Int

        /// Counts with the given values.
        public init(inserted: Int = 0, updated: Int = 0, deleted: Int = 0) {
            self.inserted = inserted
            self.updated = updated
            self.deleted = deleted
        }

        /// Rows inserted, updated or deleted.
        public var total: Int { inserted + updated + deleted }

        /// Both counts added.
        public static func + (lhs: Counts, rhs: Counts) -> Counts {
            Counts(inserted: lhs.inserted + rhs.inserted, updated: lhs.updated + rhs.updated, deleted: lhs.deleted + rhs.deleted)
        }
    }

    /// The counts of each changed table, by table name as the schema spells it (a table whose schema
    /// changed without row changes has zero counts).
    public var tables: [String: Counts]

    /// Changes with the given counts.
    public init(tables: [String: Counts] = [:]) {
        self.tables = tables
    }

    /// The names of the changed tables.
    public var changedTables: Set<String> { Set(tables.keys) }

    /// The counts summed over all tables.
    public var totals: Counts { tables.values.reduce(Counts(), +) }

    /// Rows inserted in all tables.
    public var inserted: Int { totals.inserted }

    /// Rows updated in all tables.
    public var updated: Int { totals.updated }

    /// Rows deleted in all tables.
    public var deleted: Int { totals.deleted }

    /// Whether nothing changed.
    public var isEmpty: Bool { tables.isEmpty }

    /// Whether the table changed (compared without regard to ASCII case, as SQLite names are).
    public func contains(table: String) -> Bool {
        let wanted = table.lowercased()
        return tables.keys.contains { $0.lowercased() == wanted }
    }

    /// The counts of a table (zero when it did not change).
    public func counts(of table: String) -> Counts {
        let wanted = table.lowercased()
        return tables.first { $0.key.lowercased() == wanted }?.value ?? Counts()
    }
}
