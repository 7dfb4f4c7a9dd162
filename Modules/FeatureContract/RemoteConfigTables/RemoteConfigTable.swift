import PersistenceInterface
import RemoteConfigInterface

/// A table a feature keeps in step with one remote-config key: the key's value, decoded, is what
/// the table holds.
///
/// A plugin declares it (`FeaturePlugin.configTables`) and the app's `RemoteConfigTables` does
/// the rest: it decodes the active value, compares it with what the table holds inside the write
/// that would replace it, and writes only when they differ, so a value that does not decode or a
/// write that fails leaves the table as it was.
public struct RemoteConfigTable: Sendable {
    /// The remote-config key whose value the table holds; one of the plugin's own keys.
    public let key: String
    /// Decodes the value (outside any transaction), then returns the write that stores it.
    let prepareStore: @Sendable (RemoteConfigValue) throws -> @Sendable (any WriteTransaction) throws -> Void

    /// The table of `key`: `decode` reads the value (throwing the feature's own error for one it
    /// refuses), `read` what the table holds, `replace` writes a decoded value in place of it.
    public init<Value: Equatable & Sendable>(
        key: String,
        decode: @escaping @Sendable (RemoteConfigValue) throws -> Value,
        read: @escaping @Sendable (any ReadTransaction) throws -> Value,
        replace: @escaping @Sendable (Value, any WriteTransaction) throws -> Void
    ) {
        self.key = key
        prepareStore = { value in
            let decoded = try decode(value)
            // Compared inside the write: a read that decides a write happens in that write's transaction.
            return { db in if try read(db) != decoded { try replace(decoded, db) } }
        }
    }
}
