/// The menu store's state: what the side effects produced (the catalog as stored, orders). The
/// selection is not here: the selection service holds it (the database, for the live feature),
/// and the screen shows what it holds.
public struct MenuState: Sendable, Equatable {
    /// The catalog.
    public var catalog: CatalogState
    /// Orders.
    public var ordering: OrderingState

    /// A state.
    public init(catalog: CatalogState = CatalogState(), ordering: OrderingState = OrderingState()) {
        self.catalog = catalog
        self.ordering = ordering
    }
}
