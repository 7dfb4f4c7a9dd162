import MenuInterface

/// The alert's part of the store: shown by a rule the view model checked, dismissed by its OK.
public enum MenuAlertAction: Sendable, Equatable {
    /// Show `alert`: a refusal or failure the view model found itself (a count too large, a
    /// selection that could not be read or changed).
    case present(MenuAlert)
    /// The alert's OK: the alert goes.
    case dismiss
}
