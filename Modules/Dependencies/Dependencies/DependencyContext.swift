/// Which of a key's values `DependencyValues` hands out when nothing overrides it.
public enum DependencyContext: Sendable, Equatable {
    /// `liveValue`: the running app.
    case live
    /// `testValue`: tests.
    case test
    /// `previewValue`: previews and demos.
    case preview

    /// `.test` when the process runs tests, else `.live`.
    public static let `default`: DependencyContext = TestEnvironment.isTesting ? .test : .live
}
