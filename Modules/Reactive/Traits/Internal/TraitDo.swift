/// Calls side-effect closures around each event and around subscription and disposal, as RxSwift's
/// `do`: `onX` runs before the event goes downstream, `afterX` after it; a thrown error is sent
/// downstream instead (a throw from an `after` closure of a stop event is dropped, since nothing may
/// follow a stop event).
final class TraitDo<Element>: Producer<Element> {
    struct Handlers {
        var onNext: ((Element) throws -> Void)?
        var afterNext: ((Element) throws -> Void)?
        var onError: ((Swift.Error) throws -> Void)?
        var afterError: ((Swift.Error) throws -> Void)?
        var onCompleted: (() throws -> Void)?
        var afterCompleted: (() throws -> Void)?
        var onSubscribe: (() -> Void)?
        var onSubscribed: (() -> Void)?
        var onDispose: (() -> Void)?
    }

    private let source: Observable<Element>
    private let handlers: Handlers

    init(source: Observable<Element>, handlers: Handlers) {
        self.source = source
        self.handlers = handlers
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        handlers.onSubscribe?()
        let sink = TraitDoSink(handlers: handlers, observer: observer, cancel: cancel)
        let subscription = source.subscribeNode(sink)
        handlers.onSubscribed?()
        guard let onDispose = handlers.onDispose else { return (sink, subscription) }
        return (sink, Disposables.create {
            subscription.dispose()
            onDispose()
        })
    }
}

final private class TraitDoSink<Element>: Sink<Element, Element> {
    private let handlers: TraitDo<Element>.Handlers

    init(handlers: TraitDo<Element>.Handlers, observer: ObserverNode<Element>, cancel: Cancelable) {
        self.handlers = handlers
        super.init(observer: observer, cancel: cancel)
    }

    override func next(_ element: Element) {
        do {
            try handlers.onNext?(element)
            forwardNext(element)
            try handlers.afterNext?(element)
        } catch {
            forwardError(error)
            dispose()
        }
    }

    override func error(_ error: Swift.Error) {
        do {
            try handlers.onError?(error)
        } catch {
            forwardError(error)
            dispose()
            return
        }
        forwardError(error)
        try? handlers.afterError?(error)
        dispose()
    }

    override func completed() {
        do {
            try handlers.onCompleted?()
        } catch {
            forwardError(error)
            dispose()
            return
        }
        forwardCompleted()
        try? handlers.afterCompleted?()
        dispose()
    }
}
