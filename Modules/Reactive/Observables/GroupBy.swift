/// The values of one group of `groupBy`, with the key they share.
public struct GroupedObservable<Key, Element>: ObservableType {
    /// The key every value of this group has.
    public let key: Key

    private let source: Observable<Element>

    /// A group with `key` whose values come from `source`.
    public init(key: Key, source: Observable<Element>) {
        self.key = key
        self.source = source
    }

    /// Subscribes an observer to the group's values.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Element == Observer.Element {
        source.subscribe(observer)
    }

    /// The group's values as an `Observable`.
    public func asObservable() -> Observable<Element> { source }
}

extension ObservableType {
    /// Splits the values into groups by `keySelector`, sending a `GroupedObservable` when a key is
    /// first seen; every group ends with the source. The source stays subscribed while the outer
    /// subscription or any group subscription lives. A thrown error fails the outer sequence and the groups.
    public func groupBy<Key: Hashable>(keySelector: @escaping (Element) throws -> Key)
        -> Observable<GroupedObservable<Key, Element>>
    {
        GroupBy(source: asObservable(), selector: keySelector)
    }
}

/// A group's sequence: subscribing holds the source subscription alive through the ref count.
final private class GroupedObservableImpl<Element>: Observable<Element> {
    private let subject: PublishSubject<Element>
    private let refCount: RefCountDisposable

    init(subject: PublishSubject<Element>, refCount: RefCountDisposable) {
        self.subject = subject
        self.refCount = refCount
    }

    override func subscribeNode(_ observer: consuming ObserverNode<Element>) -> Disposable {
        let release = refCount.retain()
        let subscription = subject.subscribeNode(observer)
        return Disposables.create(release, subscription)
    }
}

final private class GroupBySink<Key: Hashable, Element>: Sink<Element, GroupedObservable<Key, Element>> {
    private let selector: (Element) throws -> Key
    private let subscription: SingleAssignmentDisposable
    private let refCount: RefCountDisposable
    // Only this sink touches them, from one event at a time (the Rx grammar). Groups are kept in the
    // order they were made, so they hear the end of the source in that order.
    private var groups: [Key: PublishSubject<Element>] = [:]
    private var groupOrder: [PublishSubject<Element>] = []

    init(selector: @escaping (Element) throws -> Key, observer: ObserverNode<GroupedObservable<Key, Element>>, cancel: Cancelable) {
        self.selector = selector
        let subscription = SingleAssignmentDisposable()
        self.subscription = subscription
        refCount = RefCountDisposable(disposable: subscription)
        super.init(observer: observer, cancel: cancel)
    }

    func run(source: Observable<Element>) -> Disposable {
        subscription.setDisposable(source.subscribeNode(self))
        return refCount
    }

    override func next(_ element: Element) {
        let key: Key
        do {
            key = try selector(element)
        } catch {
            fail(error)
            return
        }
        if let group = groups[key] {
            group.onNext(element)
            return
        }
        let group = PublishSubject<Element>()
        groups[key] = group
        groupOrder.append(group)
        forwardNext(GroupedObservable(key: key, source: GroupedObservableImpl(subject: group, refCount: refCount)))
        group.onNext(element)
    }

    override func error(_ error: Swift.Error) {
        fail(error)
    }

    override func completed() {
        for group in groupOrder { group.on(.completed) }
        forwardCompleted()
        subscription.dispose()
        dispose()
    }

    private func fail(_ error: Swift.Error) {
        for group in groupOrder { group.on(.error(error)) }
        forwardError(error)
        subscription.dispose()
        dispose()
    }
}

final private class GroupBy<Key: Hashable, Element>: Producer<GroupedObservable<Key, Element>> {
    private let source: Observable<Element>
    private let selector: (Element) throws -> Key

    init(source: Observable<Element>, selector: @escaping (Element) throws -> Key) {
        self.source = source
        self.selector = selector
    }

    override func run(_ observer: ObserverNode<GroupedObservable<Key, Element>>, cancel: Cancelable)
        -> (sink: Disposable, subscription: Disposable)
    {
        let sink = GroupBySink(selector: selector, observer: observer, cancel: cancel)
        let subscription = sink.run(source: source)
        return (sink, subscription)
    }
}
