import Dispatch

/// Notices commits that other connections made to a database file: another `SQLiteDatabase` of the
/// same file, or another process. SQLite's hooks report only the writer connection's own commits.
///
/// The signal is `PRAGMA data_version` on the writer connection: SQLite changes it exactly when another
/// connection committed since this one last looked, never for the connection's own commits, and
/// reading it costs about a microsecond (the WAL index header, in shared memory). While observations
/// are active, a timer on the writer queue makes the writer read it; when it moved, the writer fetches
/// every observation again, since which tables the other connection wrote cannot be known.
///
/// Used only on the writer queue, which also runs the timer's handler.
final class ExternalChangeWatch {
    private let interval: Duration?
    private let queue: DispatchQueue
    private var timer: (any DispatchSourceTimer)?
    private var lastVersion: Int64?
    /// Whether observations are active (the watch then has a version to compare with).
    private(set) var isActive = false

    /// A watch whose timer ticks every `interval` on `queue`; with no interval it only serves checks
    /// asked for by hand.
    init(interval: Duration?, queue: DispatchQueue) {
        self.interval = interval
        self.queue = queue
    }

    deinit {
        // A resumed source that is never cancelled would go on ticking.
        timer?.cancel()
    }

    /// Whether the timer runs.
    var isPolling: Bool { timer != nil }

    /// Starts watching from `version`, the data version read before the observations' first fetch
    /// (`nil` if it could not be read: the first check then counts as a change), and starts the timer.
    func start(from version: Int64?, tick: @escaping @Sendable () -> Void) {
        guard !isActive else { return }
        isActive = true
        lastVersion = version
        guard let interval else { return }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let nanoseconds = Self.nanoseconds(interval)
        // Leeway lets the system batch wake-ups; a tenth of the interval keeps the delay predictable.
        timer.schedule(
            deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds),
            leeway: .nanoseconds(nanoseconds / 10))
        timer.setEventHandler(handler: tick)
        timer.resume()
        self.timer = timer
    }

    /// Stops the timer and forgets the version (the next start reads a fresh one).
    func stop() {
        guard isActive else { return }
        isActive = false
        lastVersion = nil
        timer?.cancel()
        timer = nil
    }

    /// Whether `version` differs from the last one seen, which it then becomes.
    func hasChanged(to version: Int64) -> Bool {
        defer { lastVersion = version }
        return lastVersion != version
    }

    private static func nanoseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        // In floating point, so that an absurdly long interval saturates instead of overflowing.
        let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        return Int(min(nanoseconds, Double(Int32.max) * 1e9))
    }
}
