import Reactive
import Synchronization

/// How middleware, effects and subscriptions reach a store's core without keeping it alive forever.
///
/// The core owns its middleware steps, and they must be able to send to it (`dispatch`, `next`):
/// that is a reference cycle, broken when the root `Store` goes away and detaches the link. A weak
/// reference would also do, but it would move the core's reference counts to a side table and make
/// every retain and release on the hot path several times slower.
@usableFromInline
final class StoreLink<State: Sendable, Action: Sendable>: Sendable {
    @usableFromInline let target = Locked<StoreCore<State, Action>?>(nil)

    /// The thread passing an action through the middleware chain right now, or 0. A `next` called
    /// on that thread continues the chain at once; anywhere else it queues. While it is this
    /// thread's, the core is alive: that thread is inside one of the core's methods.
    @usableFromInline let chainThread = Atomic<UInt>(0)

    @usableFromInline
    init() {}

    /// The core, unless the store is gone.
    @inlinable
    var core: StoreCore<State, Action>? {
        target.withLock { $0 }
    }

    /// Whether the calling thread is passing an action through the chain.
    @inlinable
    var isInChainOnThisThread: Bool {
        chainThread.load(ordering: .relaxed) == currentThreadID()
    }

    @usableFromInline
    func attach(_ core: StoreCore<State, Action>) {
        target.withLock { $0 = core }
    }

    func detach() {
        target.withLock { $0 = nil }
    }
}
