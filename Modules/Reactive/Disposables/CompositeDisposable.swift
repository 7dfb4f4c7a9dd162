import Synchronization

/// A group of disposables disposed together; one added after disposal is disposed at once.
public final class CompositeDisposable: Cancelable, @unchecked Sendable { // `state` is only touched under `lock`
    /// A key that removes one disposable from the group.
    public struct DisposeKey: Hashable, Sendable {
        fileprivate let value: Int
    }

    private struct State {
        var disposables: [Int: Disposable]? = [:]
        var nextKey = 0
    }

    private let lock = Lock()
    private var state = State()

    /// An empty group.
    public init() {}

    /// A group of two.
    public init(_ disposable1: Disposable, _ disposable2: Disposable) {
        _ = insertAll([disposable1, disposable2])
    }

    /// A group of three.
    public init(_ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable) {
        _ = insertAll([disposable1, disposable2, disposable3])
    }

    /// A group of any number.
    public init(disposables: [Disposable]) {
        _ = insertAll(disposables)
    }

    private func insertAll(_ disposables: [Disposable]) -> [DisposeKey?] {
        disposables.map { insert($0) }
    }

    /// Adds a disposable; returns its key, or `nil` (and disposes it) when the group is disposed.
    public func insert(_ disposable: Disposable) -> DisposeKey? {
        let key: Int? = lock.performLocked {
            guard state.disposables != nil else { return nil }
            let key = state.nextKey
            state.nextKey += 1
            state.disposables![key] = disposable
            return key
        }
        guard let key else {
            disposable.dispose()
            return nil
        }
        return DisposeKey(value: key)
    }

    /// How many disposables the group holds.
    public var count: Int { lock.performLocked { state.disposables?.count ?? 0 } }

    /// Whether the group was disposed.
    public var isDisposed: Bool { lock.performLocked { state.disposables == nil } }

    /// Removes the disposable with this key and disposes it.
    public func remove(for disposeKey: DisposeKey) {
        let removed: Disposable? = lock.performLocked { state.disposables?.removeValue(forKey: disposeKey.value) }
        removed?.dispose()
    }

    /// Disposes every member, in the order they were added.
    public func dispose() {
        let members: [Int: Disposable]? = lock.performLocked {
            defer { state.disposables = nil }
            return state.disposables
        }
        guard let members else { return }
        for key in members.keys.sorted() { members[key]?.dispose() }
    }
}
