import ContactsInterface
import Reactive
import ReactiveTesting
import TerminalUI
import XCTest

/// The tutorial's view controller over its view model's stream of events: an error is an alert with
/// one OK and no title, contacts set the labels, and nothing else changes them.
@preconcurrency @MainActor  // @preconcurrency: Linux's generated test list traps casting sync main-actor tests otherwise
final class TutorialContactsViewControllerTests: XCTestCase {
    func testErrorsShowAMessageAndContactsSetTheLabels() {
        let result = PublishRelay<Event<[SellerContacts]>>()
        let contacts = SellerContacts(address: "서울시 강남구", order: 0, phone: "010-1234-5678")
        let terminal = HeadlessTerminal(width: 30, height: 9)
        let screen = Screen(terminal: terminal)
        let controller = TutorialContactsViewController(contacts: result.asObservable())
        screen.rootViewController = controller
        controller.loadViewIfNeeded()

        // 1. An error shows a message; the labels stay unset.
        result.accept(.error(AppError.unknown))
        drainMainQueue()
        let alert = try! XCTUnwrap(controller.presentedAlert)
        XCTAssertTrue(screen.presentedAlert === alert)
        XCTAssertEqual(alert.actions, [AlertAction(title: "OK", style: .default)])
        XCTAssertNil(alert.title)
        XCTAssertNotEqual(controller.phone.text, contacts.phone)
        XCTAssertTrue(terminal.snapshot().contains("[>OK<]"))

        // 2. Choosing OK dismisses it.
        alert.choose(alert.actions[0])
        drainMainQueue()
        XCTAssertNil(controller.presentedAlert)
        XCTAssertFalse(terminal.snapshot().contains("OK"))
        XCTAssertNotEqual(controller.address.text, contacts.address)

        // 3. An empty array shows no alert and sets nothing.
        result.accept(.next([]))
        drainMainQueue()
        XCTAssertNil(controller.presentedAlert)
        XCTAssertNil(controller.phone.text)

        // 4. Contacts set the labels.
        result.accept(.next([contacts]))
        drainMainQueue()
        XCTAssertNil(controller.presentedAlert)
        XCTAssertEqual(controller.phone.text, contacts.phone)
        XCTAssertEqual(controller.address.text, contacts.address)
        XCTAssertEqual(
            terminal.snapshot(),
            [
                "┌─ 연락처 ───────────────────┐",
                "│010-1234-5678               │",
                "│서울시 강남구               │",
                "│                            │",
                "│                            │",
                "│                            │",
                "│                            │",
                "│                            │",
                "└────────────────────────────┘",
            ].joined(separator: "\n"))

        // 5. Another error, dismissed from the keyboard this time.
        result.accept(.error(AppError.unknown))
        drainMainQueue()
        XCTAssertNotNil(controller.presentedAlert)
        terminal.press(.enter)
        XCTAssertNil(controller.presentedAlert)
        XCTAssertEqual(controller.phone.text, contacts.phone)
    }

    func testAnErrorOnTheMainThreadPresentsAtOnce() {
        let result = PublishRelay<Event<[SellerContacts]>>()
        let controller = TutorialContactsViewController(contacts: result.asObservable())
        controller.loadViewIfNeeded()
        result.accept(.error(AppError.unknown))
        XCTAssertNotNil(controller.presentedAlert)  // no main-queue turn needed
        controller.presentedAlert?.chooseAction(at: 0)
        XCTAssertNil(controller.presentedAlert)
    }
}
