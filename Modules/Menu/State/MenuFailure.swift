import MenuInterface

/// A failure kept in state, numbered so that two equal errors in a row are still two failures
/// (the store skips equal states, and the screen shows each failure once).
public struct MenuFailure: Sendable, Equatable {
    /// 1 for the first failure of its kind, then one more for each.
    public let number: Int
    /// What failed.
    public let error: MenuError

    /// A failure.
    public init(number: Int, error: MenuError) {
        self.number = number
        self.error = error
    }

    /// The failure after `previous`.
    static func next(after previous: MenuFailure?, error: MenuError) -> MenuFailure {
        MenuFailure(number: (previous?.number ?? 0) + 1, error: error)
    }
}
