import MenuInterface

/// The menu store's state: what the side effects produced (the catalog as stored, orders) and the
/// alert the screen shows. The selection is not here: the selection service holds it (the
/// database, for the live feature), and the screen shows what it holds.
public struct MenuState: Sendable, Equatable {
    /// The catalog.
    public var catalog: CatalogState
    /// Orders.
    public var ordering: OrderingState
    /// The alert the screen shows now, until `.alert(.dismiss)`; nil when none (TCA's
    /// `AlertState` in state). A failure equal to the one shown changes nothing: it is on screen.
    public var alert: MenuAlert?

    /// A state.
    public init(catalog: CatalogState = CatalogState(), ordering: OrderingState = OrderingState(), alert: MenuAlert? = nil) {
        self.catalog = catalog
        self.ordering = ordering
        self.alert = alert
    }
}
