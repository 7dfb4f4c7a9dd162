import Reactive

extension ObservableType where Element: EventConvertible {
    /// The tutorial's helper (not RxSwift's): turns a sequence of events back into values, handing
    /// each error event to `handler` instead of failing. `.next(x)` becomes `x`, `.error(e)` runs
    /// `handler(e)` with its values dropped, and anything else is skipped; without a handler,
    /// errors are just dropped.
    func flatMapError<T>(_ handler: ((_ error: Swift.Error) -> Observable<T>)? = nil) -> Observable<Element.Element> {
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
