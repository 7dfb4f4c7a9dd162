import MenuInterface

/// The catalog part of the store's state.
public struct CatalogState: Sendable, Equatable {
    /// The catalog as last stored (counts 0).
    public var menus: [MenuItem]
    /// The latest failure to load or refresh it.
    public var failure: MenuFailure?

    /// A catalog state.
    public init(menus: [MenuItem] = [], failure: MenuFailure? = nil) {
        self.menus = menus
        self.failure = failure
    }
}
