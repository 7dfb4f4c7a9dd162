import Dispatch
import PersistenceInterface
import Reactive

/// Where a table screen's state comes from: the rows a feature's table holds, observed, and the
/// failures to keep it in step with remote config. A struct of closures, as a store screen's client
/// is, so that a test hands a screen rows and failures of its own.
///
/// A table screen is the shape for a feature whose screen shows what remote config publishes:
/// the feature declares its table (`RemoteConfigTable`) and its key, the screen observes the
/// table and shows each failure as its alert. A screen with rules of its own (counts, orders,
/// sign-in) is a store screen instead: a reducer, effects and a client.
public struct TableScreen<Row: Sendable & Equatable>: Sendable {
    /// The rows, now and after every change to them; a failure to read ends them.
    public var rows: @Sendable () -> Observable<[Row]>
    /// While subscribed, keeps the table in step with remote config; each failure in the words of
    /// what failed.
    public var failures: @Sendable () -> Observable<String>

    /// A screen source of the given rows and failures.
    public init(rows: @escaping @Sendable () -> Observable<[Row]>, failures: @escaping @Sendable () -> Observable<String>) {
        self.rows = rows
        self.failures = failures
    }

    /// The screen of the rows `read` reads from `database`, a table that `tables` keeps in step with
    /// remote config's `key`: the rows delivered on the main queue (one hand-off from the database's
    /// writer) and only when they changed, the failures on the main thread.
    public static func live(
        key: String, tables: RemoteConfigTables, database: any Database, read: @escaping @Sendable (any ReadTransaction) throws -> [Row]
    ) -> TableScreen {
        TableScreen(
            rows: { database.observe(removeDuplicates: { $0 == $1 }, delivery: .async(onQueue: .main), fetch: read) },
            failures: { tables.keepInStep(key).map { ErrorSentence.of($0.underlying) }.observe(on: MainScheduler.instance) })
    }

    /// What changes a table screen's state.
    private enum Input {
        case rows([Row])
        case failure(String)
        case dismissal
    }

    /// The screen's states, given its alert's OKs (each takes the alert shown away): the first once
    /// the rows were read or something failed, then one for each change. A failure to read the rows
    /// is an alert too, and the rows last read stay.
    public func states(alertDismissals: Observable<Void>) -> Observable<TableScreenState<Row>> {
        Observable.merge(
            rows().map(Input.rows).catch { .just(.failure(ErrorSentence.of($0))) },
            failures().map(Input.failure),
            alertDismissals.map { Input.dismissal }
        )
        .scan(into: TableScreenState<Row>()) { state, input in
            switch input {
            case .rows(let rows): state.rows = rows
            case .failure(let sentence): state.alert = sentence
            case .dismissal: state.alert = nil
            }
        }
    }
}
