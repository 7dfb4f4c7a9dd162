import Reactive

/// A set of running effects that are cancelled together: those under one `cancellable(id:)`, those
/// started for one `StoreTask`, or all of a store's.
///
/// Once cancelled, it stays cancelled: an effect that would start inside it later (the next part of
/// a `concatenate`) is cancelled before it starts.
final class CancellationScope: Sendable {
    private struct Members {
        var cancelled = false
        var nextKey = 0
        var cancellers: [Int: @Sendable () -> Void] = [:]
    }

    private let members = Locked(Members())

    /// Adds a running effect's cancel action; nil when the scope is already cancelled.
    func insert(_ cancel: @escaping @Sendable () -> Void) -> Int? {
        members.withLock { members in
            if members.cancelled { return nil }
            let key = members.nextKey
            members.nextKey += 1
            members.cancellers[key] = cancel
            return key
        }
    }

    /// Removes a finished effect.
    func remove(_ key: Int) {
        _ = members.withLock { $0.cancellers.removeValue(forKey: key) }
    }

    /// Cancels every effect in the scope, and any that would start in it later.
    func cancel() {
        let cancellers = members.withLock { members in
            members.cancelled = true
            defer { members.cancellers.removeAll() }
            return Array(members.cancellers.values)
        }
        // Outside the lock: cancelling an effect finishes it, which removes it from this scope.
        for cancel in cancellers { cancel() }
    }

    /// Cancels the effects running now; effects started later run normally.
    func cancelRunning() {
        let cancellers = members.withLock { members in
            defer { members.cancellers.removeAll() }
            return Array(members.cancellers.values)
        }
        for cancel in cancellers { cancel() }
    }

    var isCancelled: Bool { members.withLock { $0.cancelled } }
}
