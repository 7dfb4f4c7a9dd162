import Dispatch
import PersistenceInterface
import Reactive
import Synchronization

/// A registered observation, as the writer sees it whatever its value type.
protocol AnyObservation: AnyObject, Sendable {
    /// The tables its last fetch read, lowercased (SQLite compares names without regard to ASCII
    /// case): the commits that change one of them refresh it. Set by the writer after each fetch.
    var tables: [String] { get set }
    /// Whether its subscription was disposed.
    var isCancelled: Bool { get }
    /// Fetches and delivers a fresh value; false when it failed and must be dropped. On the writer queue.
    /// `onlyIfChanged` (after another connection's commit) delivers only a value that differs from the
    /// last delivered one, when the observation can tell.
    func refresh(_ transaction: any ReadTransaction, onlyIfChanged: Bool) -> Bool
    /// Delivers an error that ends it.
    func fail(_ error: Error)
    /// Delivers the completion (the database closed).
    func finish()
}

/// One subscription to `observe`: the fetch, the optional de-duplication, and the observer.
///
/// The writer fetches right after each relevant commit, on its queue, so every value is the state just
/// after one commit; the values then go to the observer in commit order, on the database's delivery
/// queue, or on the writer queue once the fetch's transaction has ended (`ObservationDelivery`).
///
/// After another connection's commit, which may not have touched its tables, the value is compared with
/// the last delivered one: with `removeDuplicates` when given, else with `==` when the value type is
/// `Equatable` at run time (arrays and optionals of `Equatable` records are); a value of another type
/// cannot be compared and is delivered again.
final class ValueObservation<Value: Sendable>: AnyObservation, @unchecked Sendable {
    // @unchecked Sendable: `tables`, `lastValue` and `hasLastValue` are touched only on the writer queue,
    // `observer` only on its delivery queue (serial) or only on the writer queue (`delivery`; the
    // subscribing thread hands it over at init), `cancelled` is atomic.
    var tables: [String] = []
    private let fetch: @Sendable (any ReadTransaction) throws -> Value
    private let isDuplicate: (@Sendable (Value, Value) -> Bool)?
    /// How a value is compared after another connection's commit: `isDuplicate`, else `==` if any.
    private let isUnchanged: (@Sendable (Value, Value) -> Bool)?
    private let observer: AnyObserver<Value>
    private let delivery: ValueObservationDelivery
    private let cancelled = Atomic<Bool>(false)
    /// The last delivered value when something compares with it (`hasLastValue`). Raw storage, not
    /// an optional: in this code, compiled once for every `Value`, any use of a `Value?` asks the
    /// runtime for the optional's metadata, on every refresh.
    private let lastValue = UnsafeMutablePointer<Value>.allocate(capacity: 1)
    private var hasLastValue = false

    /// `seesOtherConnections`: whether other connections can commit to the database (a file), so that
    /// the last value must be kept for comparisons even without `isDuplicate`.
    init(
        fetch: @escaping @Sendable (any ReadTransaction) throws -> Value,
        isDuplicate: (@Sendable (Value, Value) -> Bool)?, seesOtherConnections: Bool,
        observer: AnyObserver<Value>, delivery: ValueObservationDelivery
    ) {
        self.fetch = fetch
        self.isDuplicate = isDuplicate
        isUnchanged = isDuplicate ?? (seesOtherConnections ? RuntimeEquality.equality(of: Value.self) : nil)
        self.observer = observer
        self.delivery = delivery
    }

    deinit {
        if hasLastValue { lastValue.deinitialize(count: 1) }
        lastValue.deallocate()
    }

    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// Stops delivery: nothing reaches the observer once this returns.
    func cancel() {
        cancelled.store(true, ordering: .releasing)
    }

    func refresh(_ transaction: any ReadTransaction, onlyIfChanged: Bool) -> Bool {
        let value: Value
        do {
            value = try fetch(transaction)
        } catch {
            fail(error)
            return false
        }
        if let isSame = onlyIfChanged ? isUnchanged : isDuplicate, hasLastValue, isSame(lastValue.pointee, value) { return true }
        // Kept only when something will compare with it: a value is not held longer than needed.
        if isUnchanged != nil {
            if hasLastValue {
                lastValue.pointee = value
            } else {
                lastValue.initialize(to: value)
                hasLastValue = true
            }
        }
        deliver { [self] in observer.onNext(value) }
        return true
    }

    func fail(_ error: Error) {
        deliver { [self] in observer.onError(error) }
    }

    func finish() {
        deliver { [self] in observer.onCompleted() }
    }

    /// Runs `event` where the observer is delivered, unless the subscription was disposed by then.
    private func deliver(_ event: @escaping @Sendable () -> Void) {
        let send: @Sendable () -> Void = { [self] in
            guard !isCancelled else { return }
            event()
        }
        switch delivery {
        case .queue(let queue): queue.async(execute: send)
        case .writerQueue(let writer): writer.deliverAfterTransaction(send)
        }
    }
}

/// Where an observation's values go: a queue they are handed to, or the writer queue itself.
enum ValueObservationDelivery {
    case queue(DispatchQueue)
    case writerQueue(Writer)
}
