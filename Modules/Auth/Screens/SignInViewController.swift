import Architecture
import AuthInterface
import Reactive
import TerminalUI

/// The sign-in screen: the app's name, a "Sign in with Apple" button, and why the last attempt
/// failed or why the user was signed out.
///
/// The terminal has no Apple sign-in sheet, so the platform's part — producing an
/// `AppleAuthenticationResponse` — is the `authorize` closure the app passes in (a device-flow
/// helper, a pasted token, a fake). An `authorize` that fails or completes empty means the user
/// cancelled: nothing is sent.
@MainActor
public final class SignInViewController: ViewController {
    /// The Sign in with Apple button (Enter while focused).
    public let signInButton = Button("Sign in with Apple")
    /// The failure of the last attempt, else why the user was signed out, if either.
    public let failureLabel = Label(alignment: .center, numberOfLines: 0)
    /// "Signed out", and the keys.
    public let statusLine = StatusLine("Signed out", hint: "Enter sign in")

    private let store: Store<SignIn.State, SignIn.Action>
    private let authorize: () -> Observable<AppleAuthenticationResponse>
    private let appTitle: String
    private let disposeBag = DisposeBag()

    /// A screen for `store` titled with the app's name; a tap runs `authorize` and sends what it emits.
    public init(
        store: Store<SignIn.State, SignIn.Action>, appTitle: String, authorize: @escaping () -> Observable<AppleAuthenticationResponse>
    ) {
        self.store = store
        self.appTitle = appTitle
        self.authorize = authorize
        super.init()
    }

    /// Title, button, failure, status line.
    public override func loadView() {
        view = AuthScreenLayout.view(title: appTitle, button: signInButton, failure: failureLabel, status: statusLine)
    }

    /// Binds the failure to its label and taps to the store.
    public override func viewDidLoad() {
        AuthScreenLayout.bindFailure(of: store, { $0.notice }, to: failureLabel)
            .disposed(by: disposeBag)
        let authorize = self.authorize
        let store = self.store
        signInButton.rx.tap
            .flatMapLatest { authorize().catch { _ in .empty() } }
            .subscribe(onNext: { store.send(.signInWithAppleButtonTapped($0)) })
            .disposed(by: disposeBag)
    }
}
