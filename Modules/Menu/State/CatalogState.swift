import MenuInterface

/// The catalog part of the store's state.
public struct CatalogState: Sendable, Equatable {
    /// The catalog as last stored (counts 0).
    public var menus: [MenuItem]

    /// A catalog state.
    public init(menus: [MenuItem] = []) {
        self.menus = menus
    }
}
