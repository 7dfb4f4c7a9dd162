/// The menu store's state: what the side effects produced. The selection counts are the screen's
/// state and live in the view model.
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
