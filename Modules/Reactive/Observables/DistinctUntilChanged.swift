extension ObservableType where Element: Equatable {
    /// Drops each value equal to the one passed on before it.
    public func distinctUntilChanged() -> Observable<Element> {
        distinctUntilChanged({ $0 }, comparer: { $0 == $1 })
    }
}

extension ObservableType {
    /// Drops each value whose key equals the key of the value passed on before it.
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) throws -> Key) -> Observable<Element> {
        distinctUntilChanged(keySelector, comparer: { $0 == $1 })
    }

    /// Drops each value that `comparer` finds equal to the value passed on before it.
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool) -> Observable<Element> {
        distinctUntilChanged({ $0 }, comparer: comparer)
    }

    /// Drops each value whose key `comparer` finds equal to the key of the value passed on before it;
    /// an error thrown by either closure ends the sequence with it.
    public func distinctUntilChanged<K>(
        _ keySelector: @escaping (Element) throws -> K, comparer: @escaping (K, K) throws -> Bool
    ) -> Observable<Element> {
        DistinctUntilChanged(source: asObservable(), selector: keySelector, comparer: comparer)
    }

    /// Drops each value whose property at `keyPath` equals that of the value passed on before it.
    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>) -> Observable<Element> {
        distinctUntilChanged { $0[keyPath: keyPath] == $1[keyPath: keyPath] }
    }
}

final private class DistinctUntilChangedSink<Element, Key>: Sink<Element, Element> {
    typealias KeySelector = (Element) throws -> Key
    typealias Comparer = (Key, Key) throws -> Bool

    private let selector: KeySelector
    private let comparer: Comparer
    // Only this sink touches it, from one event at a time (the Rx grammar). An optional even when
    // `Key` is itself optional, so a `nil` key still counts as a key seen.
    private var currentKey: Key?

    init(selector: @escaping KeySelector, comparer: @escaping Comparer, observer: ObserverNode<Element>, cancel: Cancelable) {
        self.selector = selector
        self.comparer = comparer
        super.init(observer: observer, cancel: cancel)
    }

    override func next(_ element: Element) {
        do {
            let key = try selector(element)
            if let currentKey, try comparer(currentKey, key) { return }
            currentKey = key
        } catch {
            forwardError(error)
            dispose()
            return
        }
        forwardNext(element)
    }
}

final private class DistinctUntilChanged<Element, Key>: Producer<Element> {
    typealias KeySelector = (Element) throws -> Key
    typealias Comparer = (Key, Key) throws -> Bool

    private let source: Observable<Element>
    private let selector: KeySelector
    private let comparer: Comparer

    init(source: Observable<Element>, selector: @escaping KeySelector, comparer: @escaping Comparer) {
        self.source = source
        self.selector = selector
        self.comparer = comparer
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = DistinctUntilChangedSink(selector: selector, comparer: comparer, observer: observer, cancel: cancel)
        let subscription = source.subscribeNode(sink)
        return (sink, subscription)
    }
}
