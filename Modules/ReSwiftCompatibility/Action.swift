/// Something that happened, described as a value: what a store's reducer turns into a new state.
///
/// `Sendable` because the store runs on Architecture's thread-safe store, which may process an
/// action on another thread than the one that dispatched it. Enums and structs of sendable values
/// (an `Error` included) are sendable without saying so.
public protocol Action: Sendable {}

/// The action a store dispatches when it is created without a state: the reducer receives it with
/// a nil state and returns the initial one.
public struct ReSwiftInit: Action {
    /// The action the store dispatches at creation.
    public init() {}
}
