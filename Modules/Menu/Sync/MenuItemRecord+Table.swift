import FeatureContract
import MenuInterface
import RemoteConfigInterface

extension MenuItemRecord {
    /// The remote-config key holding the catalog: a JSON array of `{id, name, price}`.
    static let key = "menu"

    /// The catalog table, kept in step with `menu`: a catalog is taken whole or not at all
    /// (`MenuCatalogDecoding`), and stored only when it differs from the stored one.
    static let table = RemoteConfigTable(
        key: key,
        decode: { value in try MenuCatalogDecoding.decode(value) },
        read: { try menus(in: $0) },
        replace: { menus, db in try replaceCatalog(with: menus, in: db) })
}

extension MenuError {
    /// The menu's words for a catalog that could not be kept in step: a refused catalog is the
    /// decoder's own `MenuError`; remote config's failures keep its sentence as the reason.
    init(tableFailure failure: RemoteConfigTableError) {
        switch failure {
        case .fetchFailed(let error):
            self = .catalogUnavailable(reason: Self.reason(error, otherwise: "the remote config failed."))
        case .activationFailed(let error):
            self = .catalogUnavailable(reason: Self.reason(error, otherwise: "the remote config could not be activated."))
        case .updatesStopped(let error):
            self = .catalogUnavailable(reason: Self.reason(error, otherwise: "real-time updates stopped."))
        case .invalidValue(_, let error):
            self = error as? MenuError ?? .catalogUnavailable(reason: "\(error)")
        case .storeFailed(let error):
            self = MenuError(storageFailure: error)
        }
    }

    /// Remote config's sentence for `error`, or `otherwise` for an error of another kind.
    private static func reason(_ error: any Error, otherwise: String) -> String {
        (error as? RemoteConfigError)?.errorDescription ?? otherwise
    }
}
