/// The menu store's state: what the side effects produced. The selection counts are the screen's
/// state and live in the view model; `selection` only records what storing them produced.
public struct MenuState: Sendable, Equatable {
    /// The catalog.
    public var catalog: CatalogState
    /// Orders.
    public var ordering: OrderingState
    /// The stored selection.
    public var selection: SelectionState

    /// A state.
    public init(
        catalog: CatalogState = CatalogState(), ordering: OrderingState = OrderingState(), selection: SelectionState = SelectionState()
    ) {
        self.catalog = catalog
        self.ordering = ordering
        self.selection = selection
    }
}
