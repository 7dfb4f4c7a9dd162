import Architecture
import Reactive
import TerminalUI

/// The Account tab, the screen of `Main` (the signed-in state): a greeting, a "Sign out" button, and why the last sign-out failed.
@MainActor
public final class AccountViewController: ViewController {
    /// The Sign out button (Enter while focused).
    public let signOutButton = Button("Sign out")
    /// The failure of the last sign-out, if any.
    public let failureLabel = Label(alignment: .center, numberOfLines: 0)
    /// "Signed in", and the keys.
    public let statusLine = StatusLine("Signed in", hint: "Enter sign out")

    private let store: Store<Main.State, Main.Action>
    private let appTitle: String
    private let disposeBag = DisposeBag()

    /// A screen for `store` that welcomes the user to the app named `appTitle`.
    public init(store: Store<Main.State, Main.Action>, appTitle: String) {
        self.store = store
        self.appTitle = appTitle
        super.init()
        title = "Account"
    }

    /// Greeting, button, failure, status line.
    public override func loadView() {
        view = AuthScreenLayout.view(title: "Welcome to \(appTitle)", button: signOutButton, failure: failureLabel, status: statusLine)
    }

    /// Binds the failure to its label and taps to the store.
    public override func viewDidLoad() {
        AuthScreenLayout.bindFailure(of: store, { $0.failure?.message }, to: failureLabel)
            .disposed(by: disposeBag)
        let store = self.store
        signOutButton.rx.tap
            .subscribe(onNext: { store.send(.signOutButtonTapped) })
            .disposed(by: disposeBag)
    }
}
