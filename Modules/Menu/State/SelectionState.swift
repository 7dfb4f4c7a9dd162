import MenuInterface

/// The stored-selection part of the store's state: what reading and writing it produced. The
/// selection the screen shows is the view model's; this only says what the database answered.
public struct SelectionState: Sendable, Equatable {
    /// Whether the stored selection was asked for and has not arrived or failed yet.
    public var isLoading: Bool
    /// The stored selection as last read (it is followed); nil until it arrives (and after a failure to read it).
    public var loaded: MenuSelection?
    /// The selection last stored.
    public var saved: MenuSelection?
    /// The latest failure to read or store the selection.
    public var failure: MenuFailure?
    /// Stores asked for and not answered yet: until they are, what storage reports may be older
    /// than what the screen shows.
    public var savesInFlight: Int
    /// Stores asked for since the store began: a screen that takes states in later than it sends
    /// requests compares it with its own count, to tell a state from before its last request.
    public var savesRequested: Int

    /// A selection state.
    public init(
        isLoading: Bool = false, loaded: MenuSelection? = nil, saved: MenuSelection? = nil, failure: MenuFailure? = nil,
        savesInFlight: Int = 0, savesRequested: Int = 0
    ) {
        self.isLoading = isLoading
        self.loaded = loaded
        self.saved = saved
        self.failure = failure
        self.savesInFlight = savesInFlight
        self.savesRequested = savesRequested
    }
}
