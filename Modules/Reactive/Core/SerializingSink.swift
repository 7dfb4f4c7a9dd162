import Synchronization

/// A sink fed from more than one place (several sources, or a source and a timer) that hands its
/// events downstream one at a time, in the order it decided them, without holding its lock while
/// the observer runs.
///
/// RxSwift forwards such events under a recursive lock. That serialises them, but any lock the
/// observer takes is then taken under the operator's, and two operators reaching into each other
/// from two threads deadlock (RxSwift #2653, #2698, #2711). Here the lock only guards the operator's
/// state and an outbox: a step decides what to send under `lock` with the `…Locked` calls, then
/// `unlockAndDeliver()` releases the lock and, unless another thread is delivering already,
/// delivers the outbox — and whatever other threads add to it meanwhile — before returning. An
/// event sent while the observer is running (a second thread, or the observer feeding a source
/// synchronously) waits in the outbox and follows once the observer returns, so the observer is
/// never re-entered.
///
/// Who delivers is an atomic state (`idle`, `delivering`, `deliveringMore`) rather than a field
/// under `lock`, so that a deliverer with nothing more to send leaves with one compare-and-swap
/// instead of taking the lock again: a producer (under `lock`) that finds a deliverer at work marks
/// `deliveringMore`, and the deliverer's swap from `delivering` to `idle` then fails and sends it
/// to the outbox again. If the deliverer left first, the producer's mark fails and it delivers itself.
@usableFromInline
class SerializingSink<Input, Output>: Sink<Input, Output> {
    /// Guards the subclass's state and the outbox. Never held while user code runs.
    @usableFromInline final let lock = Lock()

    @usableFromInline let deliveryState = Atomic<Int>(Delivery.idle)

    // Guarded by `lock`, under which no two accesses overlap: they skip the dynamic exclusivity check.
    /// Whether the step holding `lock` made its thread the deliverer.
    @exclusivity(unchecked) private var claimed = false
    /// The outbox's first value, when `hasFirst`; later ones wait in `values`. The common case — one
    /// value per step, nobody delivering — then touches no array: in unspecialised generic code an
    /// array of `Output` costs a runtime metadata lookup per operation.
    private let first = UnsafeMutablePointer<Output>.allocate(capacity: 1)
    @exclusivity(unchecked) private var hasFirst = false
    @exclusivity(unchecked) private var hasValues = false
    @exclusivity(unchecked) private var values: ContiguousArray<Output> = []
    @exclusivity(unchecked) private var disposals: [Disposable] = []
    @exclusivity(unchecked) private var deliveries: [() -> Void] = []
    @exclusivity(unchecked) private var stop: SerializedStop?
    @usableFromInline @exclusivity(unchecked) var stopSent = false
    // Touched only by the delivering thread, outside `lock`: the outbox is swapped into it.
    @exclusivity(unchecked) private var sending: ContiguousArray<Output> = []

    deinit {
        if hasFirst { first.deinitialize(count: 1) }
        first.deallocate()
    }

    /// Whether the sequence's end was decided; later `…Locked` sends are dropped. Call under `lock`.
    @inlinable @inline(__always) final var isStoppedLocked: Bool { stopSent }

    /// Queues `element` for downstream. Call under `lock`.
    final func sendNextLocked(_ element: Output) {
        if stopSent { return }
        if hasFirst || hasValues {
            values.append(element)
            hasValues = true
        } else {
            first.initialize(to: element)
            hasFirst = true
        }
        claim()
    }

    /// Sends `element` downstream and releases `lock`: the step's last call when it sends one
    /// value. Uncontended — nobody delivering, nothing queued — the value goes straight to the
    /// observer with the lock released, touching no outbox. Call under `lock`. Its two parts below
    /// are inlinable, so that a step compiled for the caller's types (combineLatest's arrivals)
    /// sends without a call into this class's generic code.
    final func unlockAndSendNext(_ element: Output) {
        if canSendDirectlyLocked {
            sendDirectlyUnlocking(element)
        } else {
            queueUnlockingAndDeliver(element)
        }
    }

    /// Whether a value can go straight to the observer: the sequence goes on and nobody delivers.
    /// Call under `lock`.
    @inlinable final var canSendDirectlyLocked: Bool {
        // Acquiring: the observer's own state, written by the last deliverer, is seen here.
        !isStoppedLocked && deliveryState.load(ordering: .acquiring) == Delivery.idle
    }

    /// Sends `element` to the observer with `lock` released, as the deliverer, once
    /// `canSendDirectlyLocked` said so. Call under `lock`.
    @inlinable @inline(__always) final func sendDirectlyUnlocking(_ element: Output) {
        deliveryState.store(Delivery.delivering, ordering: .relaxed)
        lock.unlock()
        forwardNext(element)
        if deliveryState.compareExchange(expected: Delivery.delivering, desired: Delivery.idle, ordering: .acquiringAndReleasing).exchanged
        {
            return
        }
        deliverWhatCameMeanwhile()
    }

    /// Queues `element` behind what the deliverer at work has still to send, or after the end, which
    /// drops it; then `unlockAndDeliver()`. Call under `lock`.
    @usableFromInline final func queueUnlockingAndDeliver(_ element: Output) {
        sendNextLocked(element)
        unlockAndDeliver()
    }

    /// After a direct send: other steps queued events while the observer ran, so this thread, still
    /// the deliverer, delivers them. Call with no lock held.
    @usableFromInline @inline(never) final func deliverWhatCameMeanwhile() {
        lock.lock()
        claimed = true
        unlockAndDeliver()
    }

    /// Queues the error that ends the sequence; the sink is disposed after it is delivered. Call under `lock`.
    @usableFromInline final func sendErrorLocked(_ error: Swift.Error) {
        if stopSent { return }
        stopSent = true
        stop = .error(error)
        claim()
    }

    /// Queues the completion of the sequence; the sink is disposed after it is delivered. Call under `lock`.
    final func sendCompletedLocked() {
        if stopSent { return }
        stopSent = true
        stop = .completed
        claim()
    }

    /// Queues `delivery` — code that calls the observer, or observers the sink hands out — to run
    /// in turn with the sink's other deliveries, before its end. A sink sends its values either all
    /// this way or all with `sendNextLocked`: the two are not ordered with each other. Call under `lock`.
    final func sendLocked(_ delivery: @escaping () -> Void) {
        if stopSent { return }
        deliveries.append(delivery)
        claim()
    }

    /// Queues the disposal of `disposable` (a source's subscription) for after the lock is released. Call under `lock`.
    final func disposeLocked(_ disposable: Disposable) {
        disposals.append(disposable)
        claim()
    }

    /// Queues the disposal of the whole sink for after the lock is released. Call under `lock`.
    final func disposeSinkLocked() {
        disposals.append(self)
        claim()
    }

    /// Sends `element` downstream in turn with the sink's other events. Call with no lock held.
    final func serializedNext(_ element: Output) {
        lock.lock()
        unlockAndSendNext(element)
    }

    /// Ends the sequence with `error` in turn with the sink's other events. Call with no lock held.
    final func serializedError(_ error: Swift.Error) {
        lock.lock()
        sendErrorLocked(error)
        unlockAndDeliver()
    }

    /// Completes the sequence in turn with the sink's other events. Call with no lock held.
    final func serializedCompleted() {
        lock.lock()
        sendCompletedLocked()
        unlockAndDeliver()
    }

    /// Makes this thread the deliverer if nobody delivers, or tells the deliverer at work that the
    /// outbox has more. Call under `lock`, after queueing.
    @inline(__always) private func claim() {
        if claimed { return }
        while true {
            switch deliveryState.load(ordering: .acquiring) {
            case Delivery.idle:
                // Only a producer under `lock` leaves `idle`: no one else can change it now.
                deliveryState.store(Delivery.delivering, ordering: .relaxed)
                claimed = true
                return
            case Delivery.delivering:
                if deliveryState.compareExchange(
                    expected: Delivery.delivering, desired: Delivery.deliveringMore, ordering: .acquiringAndReleasing
                ).exchanged {
                    return
                }
            // The deliverer left meanwhile: look again, and deliver.
            default:
                return
            }
        }
    }

    /// Releases `lock`; if this call's step made the thread the deliverer, delivers the outbox
    /// until it stays empty. Call instead of `lock.unlock()` after `…Locked` calls.
    @usableFromInline final func unlockAndDeliver() {
        guard claimed else {
            lock.unlock()
            return
        }
        claimed = false
        while true {
            // Everything queued so far is taken now: later producers mark `deliveringMore` again.
            deliveryState.store(Delivery.delivering, ordering: .relaxed)
            if hasFirst && !hasValues && stop == nil && disposals.isEmpty && deliveries.isEmpty {
                // The common case: one value and nothing else.
                let value = first.move()
                hasFirst = false
                lock.unlock()
                forwardNext(value)
            } else {
                if hasFirst {
                    values.insert(first.move(), at: 0)
                    hasFirst = false
                    hasValues = true
                }
                let toDispose = disposals
                if !toDispose.isEmpty { disposals = [] }
                let toRun = deliveries
                if !toRun.isEmpty { deliveries = [] }
                let moreValues = hasValues
                if moreValues {
                    swap(&values, &sending)
                    hasValues = false
                }
                let stopping = stop
                stop = nil
                lock.unlock()

                for disposable in toDispose { disposable.dispose() }
                for delivery in toRun { delivery() }
                if moreValues {
                    for element in sending { forwardNext(element) }
                    sending.removeAll(keepingCapacity: true)
                }
                switch stopping {
                case .error(let error)?:
                    forwardError(error)
                    dispose()
                case .completed?:
                    forwardCompleted()
                    dispose()
                case nil:
                    break
                }
            }
            if deliveryState.compareExchange(expected: Delivery.delivering, desired: Delivery.idle, ordering: .acquiringAndReleasing)
                .exchanged
            {
                return
            }
            lock.lock()
        }
    }
}

/// How a serialised sequence ends, once decided. Declared outside the generic sink so that reading
/// it needs no generic metadata.
private enum SerializedStop {
    case error(Swift.Error)
    case completed
}

/// The states of a `SerializingSink`'s delivery.
@usableFromInline enum Delivery {
    /// Nobody delivers, and the outbox is empty.
    @inlinable static var idle: Int { 0 }
    /// A thread delivers what it took from the outbox.
    @inlinable static var delivering: Int { 1 }
    /// A thread delivers, and the outbox got more since it last looked.
    static var deliveringMore: Int { 2 }
}
