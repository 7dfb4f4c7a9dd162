import Reactive
import ReactiveUI
import TerminalUI

extension TableScreen {
    /// Shows this screen's state on `controller`: each new list of rows goes to `show`, on the main
    /// thread, and the alert shows with one "OK" (`rx.alertState`), which takes it away. The state
    /// is asked for on `scheduler` when one is given (the single-source-of-truth tutorial asks in
    /// the background), and once for both. Disposing the result ends it.
    @MainActor
    public func bind(
        to controller: ViewController, subscribingOn scheduler: (any ImmediateSchedulerType)? = nil,
        show: @escaping @MainActor ([Row]) -> Void
    ) -> Disposable {
        let dismissals = PublishRelay<Void>()
        var states = self.states(alertDismissals: dismissals.asObservable())
        if let scheduler { states = states.subscribe(on: scheduler) }
        let shared = states.share(replay: 1)
        let rows = shared.map(\.rows).distinctUntilChanged()
            .asDriver(onErrorDriveWith: .empty())
            .drive(onNext: { show($0) })
        let alerts = controller.rx.alertState(shared.map(\.alert).asDriver(onErrorJustReturn: nil), title: { _ in nil }, message: { $0 })
            .emit(to: dismissals)
        return Disposables.create(rows, alerts)
    }
}
