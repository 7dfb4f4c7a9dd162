import Reactive

/// The dependencies in effect for the current task: overridden values plus, for every other key,
/// the value for the context (live, test or preview).
///
/// The current values live in task-local storage: `withDependencies` overrides them for an
/// operation and every task it starts, a store runs its reducer and starts its effects with the
/// values it was created with, and concurrent tests never see each other's overrides.
public struct DependencyValues: Sendable {
    @TaskLocal static var taskValues = DependencyValues()

    /// The dependencies in effect for the current task.
    public static var current: DependencyValues { taskValues }

    private var overrides: [ObjectIdentifier: any Sendable] = [:]

    /// Which value of a key is used when it is not overridden.
    public var context: DependencyContext

    /// Values for `context`, without overrides.
    public init(context: DependencyContext = .default) {
        self.context = context
    }

    /// The value for `key`: its override, else its value for the context.
    public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
        get {
            if let value = overrides[ObjectIdentifier(key)] as? Key.Value { return value }
            return DefaultDependencyValues.value(for: key, context: context)
        }
        set {
            overrides[ObjectIdentifier(key)] = newValue
        }
    }

    /// Whether these values differ from the defaults a fresh task sees, so a store must install them.
    @usableFromInline
    package var isDefault: Bool { overrides.isEmpty && context == .default }
}

/// Caches each key's value per context: `static var liveValue` may build a client on every access.
enum DefaultDependencyValues {
    private struct CacheKey: Hashable {
        let key: ObjectIdentifier
        let context: DependencyContext
    }

    private static let cache = Locked<[CacheKey: any Sendable]>([:])

    static func value<Key: DependencyKey>(for key: Key.Type, context: DependencyContext) -> Key.Value {
        let cacheKey = CacheKey(key: ObjectIdentifier(key), context: context)
        if let cached = cache.withLock({ $0[cacheKey] }) as? Key.Value { return cached }
        // Built outside the lock: a value may read other dependencies while it is built.
        let value: Key.Value
        switch context {
        case .live: value = Key.liveValue
        case .test: value = Key.testValue
        case .preview: value = Key.previewValue
        }
        return cache.withLock { cache in
            if let raced = cache[cacheKey] as? Key.Value { return raced }
            cache[cacheKey] = value
            return value
        }
    }
}
