import Dispatch

/// The tutorial's `FetchLimiter`: lets one sync at a time fetch remote config; `fetchInProcess` is
/// set while one runs.
///
/// Every access runs on `serialQueue`. The check and the set that start a fetch are one step
/// (`startFetch()`): as two steps, concurrent syncs could all see "not in process" and all fetch.
final class FetchLimiter: @unchecked Sendable {  // `serialQueue` guards `inProcess` and `generation`
    /// Proof of having started a fetch; only the fetch holding the current ticket may end it.
    struct Ticket: Sendable, Equatable {
        fileprivate let generation: UInt64
    }

    private let serialQueue: DispatchQueue
    private var inProcess = false
    // Moves on with every start and every outside set, so that a sync that ends twice (completion,
    // then disposal) or after a test reset the flag cannot clear a later sync's flag.
    private var generation: UInt64 = 0

    /// A limiter whose state is read and written on `serialQueue` (which must not be the caller's queue).
    init(serialQueue: DispatchQueue) {
        self.serialQueue = serialQueue
    }

    /// Whether a fetch runs; a test may set it to stand for a fetch started elsewhere.
    var fetchInProcess: Bool {
        get { serialQueue.sync { inProcess } }
        set {
            serialQueue.sync {
                inProcess = newValue
                generation &+= 1
            }
        }
    }

    /// Sets `fetchInProcess` and returns a ticket, or returns nil when a fetch already runs.
    func startFetch() -> Ticket? {
        serialQueue.sync {
            guard !inProcess else { return nil }
            inProcess = true
            generation &+= 1
            return Ticket(generation: generation)
        }
    }

    /// Clears `fetchInProcess` if the fetch of `ticket` is still the one in process; otherwise does nothing.
    func endFetch(_ ticket: Ticket) {
        serialQueue.sync {
            guard inProcess, generation == ticket.generation else { return }
            inProcess = false
        }
    }
}
