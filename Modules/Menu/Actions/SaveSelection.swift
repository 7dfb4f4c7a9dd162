import MenuInterface

/// Storing the screen's selection after it changed: a request carrying it and its outcomes.
public enum SaveSelection: Sendable, Equatable {
    /// Store `selection` in place of the stored one; the `saveSelection(service:)` item reacts to it.
    case request(MenuSelection)
    /// The selection is stored.
    case success(selection: MenuSelection)
    /// Nothing was stored.
    case failure(error: MenuError)
}
