#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Storage for values that move as their bytes, grown and shrunk with `realloc`.
///
/// A subject's observers and a dispose bag's entries grow by doubling to hundreds of thousands:
/// allocating the larger buffer and moving the values over copied every byte at each step, where
/// `realloc` extends a block in place when it can, and moves a large one by remapping its pages.
/// Only for types whose values can be moved by copying their bytes (every Swift type that holds no
/// Objective-C weak reference; an existential keeps any other value in a box of its own), which
/// `resize` checks.
enum MovableBuffer {
    /// A buffer for `capacity` values of `type`, none initialised.
    static func allocate<Value>(_ type: Value.Type, capacity: Int) -> UnsafeMutablePointer<Value> {
        resize(nil, to: capacity)
    }

    /// `buffer`, holding `capacity` values from now on, its initialised values moved with it (the
    /// caller deinitialises those past a smaller capacity first); `buffer` is no longer valid.
    static func resize<Value>(_ buffer: UnsafeMutablePointer<Value>?, to capacity: Int) -> UnsafeMutablePointer<Value> {
        precondition(MemoryLayout<Value>.alignment <= 16, "MovableBuffer: malloc aligns to 16 bytes")
        precondition(_isBitwiseTakable(Value.self), "MovableBuffer: \(Value.self) cannot be moved as its bytes")
        guard let resized = realloc(buffer, Swift.max(1, capacity) * MemoryLayout<Value>.stride) else {
            fatalError("MovableBuffer: out of memory for \(capacity) values of \(Value.self)")
        }
        return resized.assumingMemoryBound(to: Value.self)
    }

    /// Frees `buffer`, whose values the caller has deinitialised or moved out.
    static func deallocate<Value>(_ buffer: UnsafeMutablePointer<Value>?) {
        free(buffer)
    }
}
