extension ObservableType {
    /// Makes a resource for each subscription and a sequence from it; the resource is disposed after
    /// the sequence's subscription ends. A thrown error is sent as the sequence's error.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        observableFactory: @escaping (Resource) throws -> Observable<Element>
    ) -> Observable<Element> {
        Using(resourceFactory: resourceFactory, observableFactory: observableFactory)
    }
}

final private class Using<Element, Resource: Disposable>: Producer<Element> {
    private let resourceFactory: () throws -> Resource
    private let observableFactory: (Resource) throws -> Observable<Element>

    init(resourceFactory: @escaping () throws -> Resource, observableFactory: @escaping (Resource) throws -> Observable<Element>) {
        self.resourceFactory = resourceFactory
        self.observableFactory = observableFactory
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = UsingSink<Element>(observer: observer, cancel: cancel)
        var resource: Disposable = Disposables.create()
        let subscription: Disposable
        do {
            let made = try resourceFactory()
            resource = made
            let source = try observableFactory(made)
            subscription = source.subscribeNode(sink)
        } catch {
            // As RxSwift: the error is sent through the sink, and a resource already made is still
            // disposed with the subscription.
            subscription = Observable<Element>.error(error).subscribeNode(sink)
        }
        // The sequence's subscription ends before the resource it may still be using.
        return (sink, Disposables.create(subscription, resource))
    }
}

final private class UsingSink<Element>: Sink<Element, Element> {
    override func next(_ element: Element) {
        forwardNext(element)
    }
}
