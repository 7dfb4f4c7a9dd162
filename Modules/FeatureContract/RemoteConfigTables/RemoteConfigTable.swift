import PersistenceInterface
import RemoteConfigInterface

/// A table a feature keeps in step with one remote-config key: the key's value, decoded, is what
/// the table holds.
///
/// A plugin declares it (`FeaturePlugin.configTables`) and the app's `RemoteConfigTables` does
/// the rest: it decodes the active value, compares it with what the table holds inside the write
/// that would replace it, and writes only when they differ, so a value that does not decode or a
/// write that fails leaves the table with the last good data.
public struct RemoteConfigTable: Sendable {
    /// The remote-config key whose value the table holds; one of the plugin's own keys.
    public let key: String
    /// Decodes the value (outside any transaction), then returns the write that stores it.
    let prepareStore: @Sendable (RemoteConfigValue) throws -> @Sendable (any WriteTransaction) throws -> Void
    /// Whether the table holds no data at all: for a value that is a collection, an empty one.
    let holdsNoData: @Sendable (any ReadTransaction) throws -> Bool

    /// The table of `key`: `decode` reads the value (throwing the feature's own error for one it
    /// refuses), `read` what the table holds, `replace` writes a decoded value in place of it.
    ///
    /// A table of a value that is not a collection always counts as holding data: a value refused
    /// before any was stored leaves it as it is.
    public init<Value: Equatable & Sendable>(
        key: String,
        decode: @escaping @Sendable (RemoteConfigValue) throws -> Value,
        read: @escaping @Sendable (any ReadTransaction) throws -> Value,
        replace: @escaping @Sendable (Value, any WriteTransaction) throws -> Void
    ) {
        self.init(key: key, decode: decode, read: read, replace: replace, holdsNoData: { _ in false })
    }

    /// The table of `key`, whose value is a collection (a list of items, say): as
    /// `init(key:decode:read:replace:)`, and while no value of the key has ever been stored and the
    /// table reads empty, a refused value brings the in-app default's data instead of none.
    public init<Value: Collection & Equatable & Sendable>(
        key: String,
        decode: @escaping @Sendable (RemoteConfigValue) throws -> Value,
        read: @escaping @Sendable (any ReadTransaction) throws -> Value,
        replace: @escaping @Sendable (Value, any WriteTransaction) throws -> Void
    ) {
        self.init(key: key, decode: decode, read: read, replace: replace, holdsNoData: { try read($0).isEmpty })
    }

    private init<Value: Equatable & Sendable>(
        key: String,
        decode: @escaping @Sendable (RemoteConfigValue) throws -> Value,
        read: @escaping @Sendable (any ReadTransaction) throws -> Value,
        replace: @escaping @Sendable (Value, any WriteTransaction) throws -> Void,
        holdsNoData: @escaping @Sendable (any ReadTransaction) throws -> Bool
    ) {
        self.key = key
        self.holdsNoData = holdsNoData
        prepareStore = { value in
            let decoded = try decode(value)
            // Compared inside the write: a read that decides a write happens in that write's transaction.
            return { db in if try read(db) != decoded { try replace(decoded, db) } }
        }
    }
}
