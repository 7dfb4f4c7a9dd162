import MenuInterface

/// Reading the stored selection once, when the screen opens: a request and its outcomes.
public enum LoadSelection: Sendable, Equatable {
    /// Read the stored selection; the `loadSelection(service:)` item reacts to it.
    case request
    /// The selection as stored.
    case success(selection: MenuSelection)
    /// It could not be read.
    case failure(error: MenuError)
}
