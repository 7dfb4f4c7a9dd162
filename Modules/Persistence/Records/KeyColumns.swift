/// Finding a key's column without asking the key its name.
///
/// A key's `stringValue` is a call into the record's code, and comparing it with a column name a
/// second one: together more than the column's read. A key of a trivial type (a synthesized
/// `CodingKeys` enum is one byte) is its bits, so once a key was found at a column by name, the
/// same bits at that column are the same key. Each column's entry holds those bits with `found`
/// set; a key of another size, or not trivial, is always looked up by name. A table holds the keys
/// of one key type: `RecordDecoder` keeps one per type, `RecordStatement` one for the first type
/// that binds to it.
enum KeyColumns {
    static let found: UInt64 = 1 << 63

    /// The key's bits with `found` set, when its type is trivial and of 0, 1, 2 or 4 bytes.
    @inline(__always) static func entry<Key>(_ key: Key) -> UInt64? {
        guard _isPOD(Key.self) else { return nil }
        // A reinterpreting load, not a copy through a closure (`withUnsafeBytes` is not inlined here).
        switch MemoryLayout<Key>.size {
        case 0: return found
        case 1: return UInt64(unsafeBitCast(key, to: UInt8.self)) | found
        case 2: return UInt64(unsafeBitCast(key, to: UInt16.self)) | found
        case 4: return UInt64(unsafeBitCast(key, to: UInt32.self)) | found
        default: return nil
        }
    }
}
