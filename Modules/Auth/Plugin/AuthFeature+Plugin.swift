import AuthInterface
import FeatureContract
import TerminalUI

extension AuthFeature {
    /// The Auth feature as the app takes it: `bistro auth ...`, and the session in front of the app's
    /// screens — the sign-in screen, then the other features' tabs with the Account tab after them.
    ///
    /// The app hands it the sign-in client and, when it has one, the sign-in sheet
    /// (`authenticationClient` and `appleSignInSheet` in the services' dependencies).
    public static let plugin = FeaturePlugin(
        name: "auth",
        commands: [AuthCommand.self],
        session: FeatureSession { services, screen, open in
            let store = makeStore(client: services.dependencies.authenticationClient)
            let sheet = services.dependencies.appleSignInSheet
            let coordinator = RootCoordinator(
                store: store, screen: screen, appTitle: services.appTitle,
                authorize: sheet.map { sheet in { sheet.present() } } ?? SignInSheet.pastedToken(on: screen),
                makeMainViewController: { main in open([AccountViewController(store: main, appTitle: services.appTitle)]) })
            coordinator.start()
            return coordinator
        })
}
