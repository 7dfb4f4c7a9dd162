import Reactive
import ReactiveUI

extension Reactive where Base: ViewController {
    /// Shows the alert `alerts` says to show now, with one "OK" — an alert that is not the one shown
    /// replaces it, nil takes it away — and emits each OK chosen: the binding for an alert kept in
    /// state (TCA's `AlertState`), where the OK is an action that sets the state's alert to nil.
    public func alertState<Alert: Equatable>(
        _ alerts: Driver<Alert?>, title: @escaping (Alert) -> String?, message: @escaping (Alert) -> String?
    ) -> Signal<Void> {
        let base = base
        return
            alerts
            .distinctUntilChanged()
            .flatMapLatest { [weak base] alert -> Driver<Void> in
                guard let base, let alert else { return .empty() }
                return base.rx.alert(title: title(alert), message: message(alert), actions: [AlertAction(title: "OK", style: .default)])
                    .map { _ in () }
                    .asDriver(onErrorDriveWith: .empty())
            }
            .asSignal(onErrorSignalWith: .empty())
    }
}
