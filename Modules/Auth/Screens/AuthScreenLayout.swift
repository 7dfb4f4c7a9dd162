import Architecture
import Reactive
import TerminalUI

/// What the sign-in screen and the Account tab share: one button in the middle of the screen and
/// the failure of its last attempt under it.
@MainActor
enum AuthScreenLayout {
    /// `title` in bold, `button` centred under it, `failure` below, `status` at the bottom.
    static func view(title: String, button: Button, failure: Label, status: StatusLine) -> View {
        VStack(
            Spacer(),
            Label(title, alignment: .center, style: .bold),
            Padding(EdgeInsets(vertical: 1, horizontal: 0), HStack(Spacer(), button, Spacer())),
            failure,
            Spacer(),
            status
        )
    }

    /// Shows each state's failure message (nil: none) in `label`, on the main thread.
    static func bindFailure<State, Action>(
        of store: Store<State, Action>, _ message: @escaping @Sendable (State) -> String?, to label: Label
    ) -> Disposable {
        store.states
            .map(message)
            .observe(on: MainScheduler.instance)
            .bind(to: label.rx.text)
    }
}
