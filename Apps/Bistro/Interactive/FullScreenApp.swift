import Architecture
import Auth
import AuthInterface
import Contacts
import Dependencies
import Foundation
import Menu
import TerminalUI

/// `bistro` on a terminal: the sign-in screen, or once signed in Menu, Contacts and Account in
/// tabs (Tab switches; Ctrl-C quits). Every screen is a feature's own; the app only arranges them.
enum FullScreenApp {
    @MainActor
    static func run(_ composition: Composition, _ session: AuthenticationSession, fake: Bool) throws {
        let terminal = LiveTerminal()
        let screen = Screen(terminal: terminal)
        let store = Store(initialState: Root.State()) {
            Root()
        } withDependencies: {
            $0.authenticationClient = session.client
        }
        let coordinator = RootCoordinator(
            store: store, screen: screen,
            authorize: fake ? SignInSheet.fake : SignInSheet.pastedToken(on: screen),
            makeMainViewController: { main in mainTabs(composition, account: MainViewController(store: main)) })
        coordinator.start()
        try terminal.run()  // the terminal is restored however this ends
        try composition.finishQueuedWrites()
        withExtendedLifetime((screen, coordinator)) {}
    }

    /// The signed-in screens. Each sign-in builds them anew: their state is in the database.
    @MainActor
    private static func mainTabs(_ composition: Composition, account: ViewController) -> ViewController {
        let menu = MenuFeature.makeViewController(database: composition.database, remoteConfig: composition.remoteConfig)
        let contacts = ContactsFeature.makeViewController(
            database: composition.database, remoteConfig: Composition.contactsView(of: composition.remoteConfig))
        let tabs = TabBarController(viewControllers: [menu, contacts, account])
        tabs.tabBar.hint = "Tab switches  Ctrl-C quits"
        return tabs
    }
}
