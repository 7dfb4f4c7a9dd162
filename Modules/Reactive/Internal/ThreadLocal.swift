#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A per-thread slot holding one object, read without Foundation's thread dictionary.
///
/// RxSwift looks its trampoline up in `Thread.current.threadDictionary` on every subscription, one of
/// its main costs on Linux; a pthread key is a few nanoseconds.
final class ThreadLocalSlot<Value: AnyObject>: Sendable {
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
                Unmanaged<AnyObject>.fromOpaque(pointer).release()
            #else
                if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
            #endif
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        self.key = key
    }

    /// The current thread's value, if one was set.
    @inline(__always) var value: Value? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<Value>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Sets or clears the current thread's value.
    func set(_ newValue: Value?) {
        if let old = pthread_getspecific(key) {
            Unmanaged<AnyObject>.fromOpaque(old).release()
        }
        let pointer = newValue.map { Unmanaged.passRetained($0 as AnyObject).toOpaque() }
        pthread_setspecific(key, pointer)
    }
}
