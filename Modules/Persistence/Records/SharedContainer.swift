/// A keyed container kept for the next rows or records of one type (`RecordDecoder`, `RecordEncoder`).
///
/// Generic over the container's own type, not over its key: `copy()` then finds that type in this
/// object's metadata, a load. Code generic over the key alone would ask the runtime for the
/// metadata of `KeyedDecodingContainer<Key>` to copy one, a hash-table lookup of about 330
/// instructions on every row.
final class SharedContainer<Container> {
    private let container: Container

    init(_ container: Container) {
        self.container = container
    }

    /// The kept container. Never inlined: inlined into a caller generic over the key, the copy
    /// would need the container type's metadata there, which is the lookup this class avoids.
    @inline(never) func copy() -> Container { container }
}
