import MenuInterface

/// Loading the catalog, as the ReSwift middleware tutorial's `FetchUsers`: a request and its outcomes.
public enum FetchMenu: Sendable, Equatable {
    /// Load the catalog (again); the `MenuMiddleware.fetchMenu(service:)` item reacts to it.
    case request
    /// The catalog as stored now (sent again whenever the stored catalog changes).
    case success(menus: [MenuItem])
    /// Loading or refreshing the catalog failed; the stored catalog stays.
    case failure(error: MenuError)
}
