import MenuInterface

extension MenuError {
    /// `error` itself when it is a `MenuError`, else `.unknown`: actions carry typed errors only.
    init(_ error: any Error) {
        self = error as? MenuError ?? .unknown
    }
}
