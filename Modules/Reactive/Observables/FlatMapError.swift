extension ObservableType where Element: EventConvertible {
    /// Turns a sequence of events back into values, handing each error event to `handler` instead of
    /// failing (the single-source-of-truth tutorial's helper): `.next(x)` becomes `x`, `.error(e)` runs `handler(e)` with its
    /// values dropped, and anything else is skipped. Without a handler, errors are just dropped.
    @available(
        *, deprecated,
        message:
            "the single-source-of-truth tutorial's helper, not RxSwift's: it leaves Reactive in the next minor release; keep a copy in your code, or handle the events with flatMap"
    )
    public func flatMapError<T>(_ handler: ((_ error: Swift.Error) -> Observable<T>)? = nil) -> Observable<Element.Element> {
        flatMap { element -> Observable<Element.Element> in
            switch element.event {
            case .error(let error):
                return handler?(error).flatMap { _ in Observable<Element.Element>.empty() } ?? Observable.empty()
            case .next(let element):
                return Observable.just(element)
            default:
                return Observable.empty()
            }
        }
    }
}
