import Architecture
import Reactive
import TerminalUI

/// The signed-in screen: a greeting, a "Sign out" button, and why the last sign-out failed.
@MainActor
public final class MainViewController: ViewController {
    /// The Sign out button (Enter while focused).
    public let signOutButton = Button("Sign out")
    /// The failure of the last sign-out, if any.
    public let failureLabel = Label(alignment: .center, numberOfLines: 0)
    /// "Signed in", and the keys.
    public let statusLine = StatusLine("Signed in", hint: "Enter sign out")

    private let store: Store<Main.State, Main.Action>
    private let disposeBag = DisposeBag()

    /// A screen for `store`.
    public init(store: Store<Main.State, Main.Action>) {
        self.store = store
        super.init()
        title = "Account"
    }

    /// Greeting, button, failure, status line.
    public override func loadView() {
        view = VStack(
            Spacer(),
            Label("Welcome to Bistro", alignment: .center, style: .bold),
            Padding(EdgeInsets(vertical: 1, horizontal: 0), HStack(Spacer(), signOutButton, Spacer())),
            failureLabel,
            Spacer(),
            statusLine
        )
    }

    /// Binds the failure to its label and taps to the store.
    public override func viewDidLoad() {
        store.states
            .map { $0.failure?.message }
            .observe(on: MainScheduler.instance)
            .bind(to: failureLabel.rx.text)
            .disposed(by: disposeBag)
        let store = self.store
        signOutButton.rx.tap
            .subscribe(onNext: { store.send(.signOutButtonTapped) })
            .disposed(by: disposeBag)
    }
}
