/// What a table screen shows: the rows its table holds and the alert for the latest failure to
/// read the table or keep it in step with remote config, until its OK.
public struct TableScreenState<Row: Sendable & Equatable>: Sendable, Equatable {
    /// The rows the table holds, as last read; they stay through a failure.
    public var rows: [Row]
    /// The failure the screen shows in an alert with one OK, in the words of what failed; nil when
    /// none. A later failure replaces it.
    public var alert: String?

    /// A state.
    public init(rows: [Row] = [], alert: String? = nil) {
        self.rows = rows
        self.alert = alert
    }
}
