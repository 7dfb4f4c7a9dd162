/// Reads a dependency from the current `DependencyValues` each time it is used:
/// `@Dependency(\.apiClient) var apiClient`.
///
/// Nothing is captured when the wrapper is created, so a reducer built anywhere sees the values of
/// the store that runs it, and an effect the values of the store that started it.
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
    private let resolve: @Sendable (DependencyValues) -> Value

    /// The dependency at `keyPath` of `DependencyValues`.
    public init(_ keyPath: KeyPath<DependencyValues, Value> & Sendable) {
        resolve = { $0[keyPath: keyPath] }
    }

    /// The current value.
    public var wrappedValue: Value {
        resolve(DependencyValues.current)
    }
}
