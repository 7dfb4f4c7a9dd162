/// How much a TestStore insists on being told.
public enum Exhaustivity: Sendable, Equatable {
    /// Every state change must be asserted, every received action received, every effect finished.
    case on
    /// Only what the test asserts is checked: unasserted changes, unreceived actions and running
    /// effects are let go. For tests of a slice of a large feature.
    case off
}
