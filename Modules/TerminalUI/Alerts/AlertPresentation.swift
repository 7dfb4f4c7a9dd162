import Foundation
import Reactive

extension Alert {
    /// The observable behind an alert presenter: when subscribed it presents the alert `make`
    /// builds on `presenter` and emits what the alert reports (nothing for `nil`), then completes.
    ///
    /// The rules are `rx.alert`'s: the alert shows at once when subscribed on the main thread (so a
    /// test sees it presented as soon as the subscription is made there), otherwise on the main
    /// queue; it is dismissed when it reports, or when the subscription is disposed first.
    nonisolated static func presentation<Element: Sendable>(
        on presenter: ViewController,
        _ make: @escaping @MainActor @Sendable (_ report: @escaping (Element?) -> Void) -> Alert
    ) -> Observable<Element> {
        weak let presenter = presenter
        let presentation = Observable<Element>.create { observer in
            guard let presenter else {
                observer.onCompleted()
                return Disposables.create()
            }
            // The subject carries the choice from the main actor to the observer; it is Sendable.
            let choice = AsyncSubject<Element>()
            // Subscribed on the main thread: see the `deferred` below.
            let alert = MainActor.assumeIsolated { () -> Alert in
                let alert = make { element in
                    if let element { choice.onNext(element) }
                    choice.onCompleted()
                }
                presenter.present(alert)
                return alert
            }
            let subscription = choice.subscribe(observer)
            return Disposables.create {
                subscription.dispose()
                Alert.onMainThread { alert.presenter?.dismiss(alert) }
            }
        }
        return Observable.deferred {
            Thread.isMainThread ? presentation : presentation.subscribe(on: MainScheduler.instance)
        }
    }
}
