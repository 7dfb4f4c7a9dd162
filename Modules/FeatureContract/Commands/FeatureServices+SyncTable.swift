extension FeatureServices {
    /// Syncs the table kept in step with `key` once, as a command does before it reads the table:
    /// fetches (a spinner on a terminal while it talks to a server), and stores the value when it
    /// decodes and differs from what is stored.
    ///
    /// A value the server sent that is refused is no failure — the stored rows stay, and the first
    /// run that meets it writes `refusal(error)` as a warning — so that one bad value never takes a
    /// feature down. A failed fetch or write is `CommandFailure(failure, explain(error))`, with the
    /// database as it was.
    public func syncTable(
        _ key: String, failure: String, refusal: (RemoteConfigTableError) -> String,
        explain: (RemoteConfigTableError) -> any Error = { $0 }
    ) async throws {
        let sync = try remoteConfigTables().syncKeepingLastGoodData(key)
        let refused: RemoteConfigTableError?
        do {
            refused = try await console.withSpinner("fetching remote config", enabled: usesNetwork) { try await sync.value }
        } catch let error as RemoteConfigTableError {
            throw CommandFailure(failure, explain(error))
        } catch {
            throw CommandFailure(failure, error)
        }
        if let refused { console.warning(refusal(refused)) }
    }
}
