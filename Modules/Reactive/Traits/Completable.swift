/// A sequence with no values that completes or fails.
public typealias Completable = PrimitiveSequence<CompletableTrait, Swift.Never>

/// What a `Completable` ends with: completion or its error.
@frozen
public enum CompletableEvent: Sendable {
    /// The completable failed.
    case error(Swift.Error)
    /// The completable completed.
    case completed
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// The closure a `Completable.create` body sends its one event to.
    public typealias CompletableObserver = (CompletableEvent) -> Void

    /// A completable whose subscription runs `subscribe` with an observer; the first event it sends
    /// wins, and the returned disposable ends the subscription.
    public static func create(subscribe: @escaping (@escaping CompletableObserver) -> Disposable) -> Completable {
        let source = Observable<Element>.create { observer in
            subscribe { event in
                switch event {
                case .error(let error): observer.on(.error(error))
                case .completed: observer.on(.completed)
                }
            }
        }
        return PrimitiveSequence(raw: source)
    }

    /// Subscribes a closure to the completable's one event.
    public func subscribe(_ observer: @escaping CompletableObserver) -> Disposable {
        var stopped = false  // events to one observer never overlap (the Rx grammar)
        return primitiveSequence.source.subscribe { event in
            if stopped { return }
            stopped = true
            switch event {
            case .next: rxFatalError("Completables can't emit values")
            case .error(let error): observer(.error(error))
            case .completed: observer(.completed)
            }
        }
    }

    /// Subscribes closures to completion, the error and disposal; an error with no `onError` goes to
    /// `Hooks.defaultErrorHandler`.
    public func subscribe(
        onCompleted: (() -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        let disposable: Disposable = onDisposed.map { Disposables.create(with: $0) } ?? Disposables.create()
        let callStack = Hooks.recordCallStackOnError ? Hooks.customCaptureSubscriptionCallstack() : []
        let observer: CompletableObserver = { event in
            switch event {
            case .error(let error):
                if let onError {
                    onError(error)
                } else {
                    Hooks.defaultErrorHandler(callStack, error)
                }
                disposable.dispose()
            case .completed:
                onCompleted?()
                disposable.dispose()
            }
        }
        return Disposables.create(subscribe(observer), disposable)
    }

    /// Subscribes closures that receive `object` (held weakly) with each event; nothing is called
    /// once `object` is gone.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onCompleted: ((Object) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onCompleted: { [weak object] in
                guard let object else { return }
                onCompleted?(object)
            },
            onError: { [weak object] error in
                guard let object else { return }
                onError?(object, error)
            },
            onDisposed: { [weak object] in
                guard let object else { return }
                onDisposed?(object)
            }
        )
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// A completable that fails at once with `error`.
    public static func error(_ error: Swift.Error) -> Completable {
        PrimitiveSequence(raw: Observable.error(error))
    }

    /// A completable that never sends anything.
    public static func never() -> Completable {
        PrimitiveSequence(raw: Observable.never())
    }

    /// A completable that completes at once.
    public static func empty() -> Completable {
        PrimitiveSequence(raw: Observable.empty())
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Calls side-effect closures: `onX` before the event goes downstream, `afterX` after it, and the
    /// others around subscription and disposal; a thrown error fails the completable.
    public func `do`(
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Completable {
        PrimitiveSequence(
            raw: primitiveSequence.source.do(
                onError: onError, afterError: afterError, onCompleted: onCompleted, afterCompleted: afterCompleted,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }

    /// Runs this completable, then `second` once it completes; an error ends it.
    public func concat(_ second: Completable) -> Completable {
        Completable.concat(primitiveSequence, second)
    }

    /// Runs the completables one after another; an error ends it.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Completable
    where Sequence.Element == Completable {
        PrimitiveSequence(raw: Observable.concat(sequence.lazy.map { $0.asObservable() }))
    }

    /// Runs the completables one after another; an error ends it.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Completable
    where Collection.Element == Completable {
        PrimitiveSequence(raw: Observable.concat(collection.map { $0.asObservable() }))
    }

    /// Runs the completables one after another; an error ends it.
    public static func concat(_ sources: Completable...) -> Completable {
        concat(sources)
    }

    /// Runs the completables at once; completes when all have, and the first error ends it.
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Completable
    where Collection.Element == Completable {
        PrimitiveSequence(raw: Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Runs the completables at once; completes when all have, and the first error ends it.
    public static func merge(_ sources: [Completable]) -> Completable {
        PrimitiveSequence(raw: Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Runs the completables at once; completes when all have, and the first error ends it.
    public static func merge(_ sources: Completable...) -> Completable {
        merge(sources)
    }

    /// Runs the completables at once; completes when all have, and the first error ends it (as `merge`).
    public static func zip<Collection: Swift.Collection>(_ sources: Collection) -> Completable
    where Collection.Element == Completable {
        merge(sources)
    }

    /// Runs the completables at once; completes when all have, and the first error ends it (as `merge`).
    public static func zip(_ sources: [Completable]) -> Completable {
        merge(sources)
    }

    /// Runs the completables at once; completes when all have, and the first error ends it (as `merge`).
    public static func zip(_ sources: Completable...) -> Completable {
        merge(sources)
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Runs this completable, then, once it completes, the single `second`.
    public func andThen<Element>(_ second: Single<Element>) -> Single<Element> {
        PrimitiveSequence(raw: andThen(second.asObservable()))
    }

    /// Runs this completable, then, once it completes, the maybe `second`.
    public func andThen<Element>(_ second: Maybe<Element>) -> Maybe<Element> {
        PrimitiveSequence(raw: andThen(second.asObservable()))
    }

    /// Runs this completable, then, once it completes, the completable `second`.
    public func andThen(_ second: Completable) -> Completable {
        concat(second)
    }

    /// Runs this completable, then, once it completes, the observable `second`.
    public func andThen<Element>(_ second: Observable<Element>) -> Observable<Element> {
        // A completable has no values, so the map never runs (a closure taking `Never` needs no body): it
        // only retypes the completable so that `second` can follow it, as RxSwift's ConcatCompletable.
        primitiveSequence.source.map { (_: Never) -> Element in }.concat(second)
    }
}

extension ObservableType where Element == Never {
    /// A completable that completes or fails as this sequence does. Only a sequence of `Never` has
    /// one, as in RxSwift (`ignoreElements()` makes one of any sequence), so that
    /// `createColdObservable([.completed(20)]).asCompletable()` infers its element.
    public func asCompletable() -> Completable {
        PrimitiveSequence(raw: asObservable())
    }
}
