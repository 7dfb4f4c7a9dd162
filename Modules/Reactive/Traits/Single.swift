/// A sequence of exactly one value, or an error.
public typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>

/// What a `Single` ends with: its value or its error.
public typealias SingleEvent<Element> = Result<Element, Swift.Error>

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// The closure a `Single.create` body sends its one event to.
    public typealias SingleObserver = (SingleEvent<Element>) -> Void

    /// A single whose subscription runs `subscribe` with an observer; the first event it sends wins,
    /// and the returned disposable ends the subscription.
    public static func create(subscribe: @escaping (@escaping SingleObserver) -> Disposable) -> Single<Element> {
        let source = Observable<Element>.create { observer in
            subscribe { event in
                switch event {
                case .success(let element):
                    observer.on(.next(element))
                    observer.on(.completed)
                case .failure(let error):
                    observer.on(.error(error))
                }
            }
        }
        return PrimitiveSequence(raw: source)
    }

    /// Subscribes a closure to the single's one event.
    public func subscribe(_ observer: @escaping SingleObserver) -> Disposable {
        var stopped = false  // events to one observer never overlap (the Rx grammar)
        return primitiveSequence.source.subscribe { event in
            if stopped { return }
            stopped = true
            switch event {
            case .next(let element): observer(.success(element))
            case .error(let error): observer(.failure(error))
            case .completed: rxFatalErrorInDebug("Singles can't emit a completion event")
            }
        }
    }

    /// Subscribes closures to the value, the error and disposal; an error with no `onFailure` goes to
    /// `Hooks.defaultErrorHandler`.
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onFailure: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        let disposable: Disposable = onDisposed.map { Disposables.create(with: $0) } ?? Disposables.create()
        let callStack = Hooks.recordCallStackOnError ? Hooks.customCaptureSubscriptionCallstack() : []
        let observer: SingleObserver = { event in
            switch event {
            case .success(let element):
                onSuccess?(element)
                disposable.dispose()
            case .failure(let error):
                if let onFailure {
                    onFailure(error)
                } else {
                    Hooks.defaultErrorHandler(callStack, error)
                }
                disposable.dispose()
            }
        }
        return Disposables.create(subscribe(observer), disposable)
    }

    /// Subscribes closures to the value, the error and disposal (the RxSwift 5 spelling).
    @available(*, deprecated, renamed: "subscribe(onSuccess:onFailure:onDisposed:)")
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: @escaping (Swift.Error) -> Void,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        subscribe(onSuccess: onSuccess, onFailure: onError, onDisposed: onDisposed)
    }

    /// Subscribes closures that receive `object` (held weakly) with each event; nothing is called
    /// once `object` is gone.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onFailure: ((Object, Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onSuccess: { [weak object] element in
                guard let object else { return }
                onSuccess?(object, element)
            },
            onFailure: { [weak object] error in
                guard let object else { return }
                onFailure?(object, error)
            },
            onDisposed: { [weak object] in
                guard let object else { return }
                onDisposed?(object)
            }
        )
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// A single of `element`.
    public static func just(_ element: Element) -> Single<Element> {
        PrimitiveSequence(raw: Observable.just(element))
    }

    /// A single of `element`, sent on `scheduler`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Single<Element> {
        PrimitiveSequence(raw: Observable.just(element, scheduler: scheduler))
    }

    /// A single that fails at once with `error`.
    public static func error(_ error: Swift.Error) -> Single<Element> {
        PrimitiveSequence(raw: Observable.error(error))
    }

    /// A single that never sends anything.
    public static func never() -> Single<Element> {
        PrimitiveSequence(raw: Observable.never())
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Calls side-effect closures: `onSuccess`/`onError` before the event goes downstream,
    /// `afterSuccess`/`afterError` after it, and the others around subscription and disposal; a thrown
    /// error fails the single.
    public func `do`(
        onSuccess: ((Element) throws -> Void)? = nil,
        afterSuccess: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Single<Element> {
        PrimitiveSequence(
            raw: primitiveSequence.source.do(
                onNext: onSuccess, afterNext: afterSuccess, onError: onError, afterError: afterError,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }

    /// A maybe of the value if `predicate` accepts it, otherwise empty; a thrown error fails it.
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Maybe<Element> {
        PrimitiveSequence(raw: primitiveSequence.source.filter(predicate))
    }

    /// Transforms the value; a thrown error fails the single.
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Single<Result> {
        PrimitiveSequence(raw: primitiveSequence.source.map(transform))
    }

    /// A maybe of the transformed value, empty when `transform` returns `nil`; a thrown error fails it.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Maybe<Result> {
        PrimitiveSequence(raw: primitiveSequence.source.compactMap(transform))
    }

    /// Continues with the single `selector` returns for the value.
    public func flatMap<Result>(_ selector: @escaping (Element) throws -> Single<Result>) -> Single<Result> {
        PrimitiveSequence(raw: primitiveSequence.source.flatMap(selector))
    }

    /// Continues with the maybe `selector` returns for the value.
    public func flatMapMaybe<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>) -> Maybe<Result> {
        PrimitiveSequence(raw: primitiveSequence.source.flatMap(selector))
    }

    /// Continues with the completable `selector` returns for the value.
    public func flatMapCompletable(_ selector: @escaping (Element) throws -> Completable) -> Completable {
        PrimitiveSequence(raw: primitiveSequence.source.flatMap(selector))
    }

    /// On an error, succeeds with `element` instead.
    public func catchAndReturn(_ element: Element) -> Single<Element> {
        PrimitiveSequence(raw: primitiveSequence.source.catchAndReturn(element))
    }

    /// RxSwift 5's name for `catchAndReturn(_:)`.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(_ element: Element) -> Single<Element> {
        catchAndReturn(element)
    }

    /// This single as a maybe (one that always has a value).
    public func asMaybe() -> Maybe<Element> {
        PrimitiveSequence(raw: primitiveSequence.source)
    }

    /// A completable that completes when this single succeeds, dropping the value.
    public func asCompletable() -> Completable {
        PrimitiveSequence(raw: primitiveSequence.source.ignoreElements())
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// A single of `resultSelector` applied to the values of all the singles, once each has succeeded;
    /// the first failure fails it. An empty collection gives `resultSelector([])`.
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection, resultSelector: @escaping ([Element]) throws -> Result
    ) -> Single<Result> where Collection.Element == Single<Element> {
        // Observable.zip of no sources completes without a value, which a single may not do; RxSwift
        // succeeds with the selector's result instead.
        if collection.isEmpty {
            return Single<Result>.deferred { Single<Result>(raw: Observable.just(try resultSelector([]))) }
        }
        return Single<Result>(raw: Observable<Result>.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// A single of the values of all the singles, in order, once each has succeeded; the first failure
    /// fails it. An empty collection gives `[]`.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> Single<[Element]> where Collection.Element == Single<Element> {
        // Observable.zip of no sources completes without a value, which a single may not do; RxSwift
        // succeeds with `[]` instead.
        if collection.isEmpty {
            return Single<[Element]>(raw: Observable.just([]))
        }
        return Single<[Element]>(raw: Observable<Element>.zip(collection.map { $0.asObservable() }))
    }
}

extension ObservableType {
    /// A single of this sequence's only value: fails with `RxError.noElements` if it completes empty
    /// and with `RxError.moreThanOneElement` as soon as a second value arrives.
    public func asSingle() -> Single<Element> {
        PrimitiveSequence(raw: AsSingle(source: asObservable()))
    }
}

final private class AsSingleSink<Element>: Sink<Element, Element> {
    // Only this sink touches it, from one event at a time (the Rx grammar).
    private var element: Element?

    override func next(_ element: Element) {
        if self.element != nil {
            forwardError(RxError.moreThanOneElement)
            dispose()
            return
        }
        self.element = element
    }

    override func completed() {
        if let element {
            forwardNext(element)
            forwardCompleted()
        } else {
            forwardError(RxError.noElements)
        }
        dispose()
    }
}

final private class AsSingle<Element>: Producer<Element> {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run(_ observer: ObserverNode<Element>, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable) {
        let sink = AsSingleSink(observer: observer, cancel: cancel)
        let subscription = source.subscribeNode(sink)
        return (sink, subscription)
    }
}
