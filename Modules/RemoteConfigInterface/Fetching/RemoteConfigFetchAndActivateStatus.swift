/// What `fetchAndActivate` did.
///
/// Stricter than Firebase's iOS SDK, which reports `successFetchedFromRemote` even when nothing
/// changed: here that status means the active values changed, so a consumer may re-read them only then.
public enum RemoteConfigFetchAndActivateStatus: String, Sendable, Hashable, CaseIterable {
    /// Fetched values were activated and at least one active value changed.
    case successFetchedFromRemote
    /// No active value changed: the minimum interval had not passed, or the server reported no change.
    case successUsingPreFetchedData
    /// The fetch or the activation failed; the error says why and the active values are unchanged.
    case error
}
