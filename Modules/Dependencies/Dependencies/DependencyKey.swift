/// A key for a dependency in `DependencyValues`, with the value used in each context.
///
/// Declare one per client (often the client type itself, `extension APIClient: DependencyKey`), then
/// a computed property in an extension of `DependencyValues` so that `@Dependency(\.apiClient)` works.
public protocol DependencyKey {
    /// The type of the dependency.
    associatedtype Value: Sendable = Self
    /// The value an app uses.
    static var liveValue: Value { get }
    /// The value tests get unless they override it; usually one whose endpoints are `unimplemented`.
    static var testValue: Value { get }
    /// The value previews and demos get; the live value unless given.
    static var previewValue: Value { get }
}

extension DependencyKey {
    /// The live value, unless the key provides its own preview value.
    public static var previewValue: Value { liveValue }
}
