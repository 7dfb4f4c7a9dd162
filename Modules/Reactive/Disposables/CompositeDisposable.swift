import Synchronization

/// A group of disposables disposed together; one added after disposal is disposed at once.
public final class CompositeDisposable: Cancelable, @unchecked Sendable {  // `state` is only touched under `lock`
    /// A key that removes one disposable from the group.
    public struct DisposeKey: Hashable, Sendable {
        fileprivate let value: Int
    }

    /// The members in insertion order under increasing keys; a removed member leaves a hole that a
    /// later compaction closes. No hashing: groups churn once per inner subscription (flatMap).
    private struct State {
        var keys: [Int] = []
        var members: [Disposable?] = []
        var count = 0
        var nextKey = 0
        var disposed = false

        func index(of key: Int) -> Int? {
            var low = 0
            var high = keys.count
            while low < high {
                let middle = (low + high) / 2
                if keys[middle] < key { low = middle + 1 } else { high = middle }
            }
            return low < keys.count && keys[low] == key ? low : nil
        }

        mutating func remove(_ key: Int) -> Disposable? {
            guard let index = index(of: key), let member = members[index] else { return nil }
            members[index] = nil
            count -= 1
            if count == 0 {
                keys.removeAll(keepingCapacity: true)
                members.removeAll(keepingCapacity: true)
            } else if keys.count - count > 16 && keys.count - count > count {
                var keptKeys: [Int] = []
                var keptMembers: [Disposable?] = []
                for (key, member) in zip(keys, members) where member != nil {
                    keptKeys.append(key)
                    keptMembers.append(member)
                }
                keys = keptKeys
                members = keptMembers
            }
            return member
        }
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

    /// A group of four or more.
    public init(
        _ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable, _ disposable4: Disposable,
        _ disposables: Disposable...
    ) {
        _ = insertAll([disposable1, disposable2, disposable3, disposable4] + disposables)
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
            guard !state.disposed else { return nil }
            let key = state.nextKey
            state.nextKey += 1
            state.keys.append(key)
            state.members.append(disposable)
            state.count += 1
            return key
        }
        guard let key else {
            disposable.dispose()
            return nil
        }
        return DisposeKey(value: key)
    }

    /// How many disposables the group holds.
    public var count: Int { lock.performLocked { state.count } }

    /// Whether the group was disposed.
    public var isDisposed: Bool { lock.performLocked { state.disposed } }

    /// Removes the disposable with this key and disposes it.
    public func remove(for disposeKey: DisposeKey) {
        let removed: Disposable? = lock.performLocked { state.remove(disposeKey.value) }
        removed?.dispose()
    }

    /// Disposes every member, in the order they were added.
    public func dispose() {
        let members: [Disposable?] = lock.performLocked {
            if state.disposed { return [] }
            state.disposed = true
            defer { state = State(disposed: true) }
            return state.members
        }
        for member in members { member?.dispose() }
    }
}
