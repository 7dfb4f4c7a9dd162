import Architecture
import AuthInterface
import Reactive
import TerminalUI

/// Shows the screen for `Root`'s state on a terminal screen, as an iOS app swaps its window's root
/// view controller: the sign-in screen or the main screen, each bound to its part of the store.
@MainActor
public final class RootCoordinator {
    private let store: Store<Root.State, Root.Action>
    private let screen: Screen
    private let appTitle: String
    private let authorize: () -> Observable<AppleAuthenticationResponse>
    private let makeMainViewController: (Store<Main.State, Main.Action>) -> ViewController
    private let disposeBag = DisposeBag()

    /// A coordinator of `store` on `screen` for the app named `appTitle`; the sign-in screen gets
    /// `authorize`. Once signed in, `makeMainViewController` builds what shows (when nil, the
    /// feature's own Account screen; an app puts that screen among its others, such as in a tab bar).
    public init(
        store: Store<Root.State, Root.Action>, screen: Screen, appTitle: String,
        authorize: @escaping () -> Observable<AppleAuthenticationResponse>,
        makeMainViewController: ((Store<Main.State, Main.Action>) -> ViewController)? = nil
    ) {
        self.store = store
        self.screen = screen
        self.appTitle = appTitle
        self.authorize = authorize
        self.makeMainViewController = makeMainViewController ?? { AccountViewController(store: $0, appTitle: appTitle) }
    }

    /// Shows the screen for the current state, follows changes, sends `_onAppear`, and follows the
    /// stored sign-in (`task`) for as long as the coordinator lives.
    public func start() {
        store.states
            .map(Page.init)
            .distinctUntilChanged()
            .observe(on: MainScheduler.instance)
            .subscribe(onNext: { [weak self] page in self?.show(page) })
            .disposed(by: disposeBag)
        store.send(._onAppear)
        following = store.send(.task)
    }

    /// The `task` effect, cancelled with the coordinator.
    private var following: StoreTask?

    deinit {
        following?.cancel()
    }

    private enum Page: Equatable {
        case signIn, main

        init(_ state: Root.State) {
            switch state {
            case .signIn: self = .signIn
            case .main: self = .main
            }
        }
    }

    private func show(_ page: Page) {
        switch page {
        case .signIn:
            // The fallback state is never shown: this screen is replaced as soon as the state leaves `.signIn`.
            let child = store.scope(
                state: { if case .signIn(let state) = $0 { state } else { SignIn.State() } }, action: Root.Action.signIn)
            screen.rootViewController = SignInViewController(store: child, appTitle: appTitle, authorize: authorize)
        case .main:
            let child = store.scope(
                state: { if case .main(let state) = $0 { state } else { Main.State() } }, action: Root.Action.main)
            screen.rootViewController = makeMainViewController(child)
        }
    }
}
