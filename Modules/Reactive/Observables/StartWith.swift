extension ObservableType {
    /// The given values first, then this sequence.
    public func startWith(_ elements: Element...) -> Observable<Element> {
        StartWith(source: asObservable(), elements: elements)
    }
}

final private class StartWith<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let elements: [Element]

    init(source: Observable<Element>, elements: [Element]) {
        self.source = source
        self.elements = elements
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        // Like RxSwift: the prefix goes straight to the observer during subscription, with no sink.
        for element in elements {
            observer.next(element)
        }
        return (Disposables.create(), source.subscribeNode(observer))
    }
}
