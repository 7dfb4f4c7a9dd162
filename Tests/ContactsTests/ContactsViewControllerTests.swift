import ContactsInterface
import ContactsTestSupport
import FeatureContract
import Foundation
import Persistence
import PersistenceInterface
import Reactive
import ReactiveTesting
import RemoteConfigInterface
import RemoteConfigTesting
import TerminalUI
import XCTest

@testable import Contacts

/// A failure with nothing more to say (the tutorial sends its `AppError.unknown`): the alert shows its sentence.
private enum UnknownFailure: Error, LocalizedError {
    case unknown

    var errorDescription: String? { "Something went wrong. Please try again later." }
}

@preconcurrency @MainActor  // @preconcurrency: Linux's generated test list traps casting sync main-actor tests otherwise
final class ContactsViewControllerTests: XCTestCase {
    func testThePanelShowsTheContactUnderTheCursor() {
        let mock = TableScreenMock()
        let (terminal, controller) = Self.show(mock.tableScreen)
        waitFor(mock.subscribed)
        let second = SellerContact(address: "Hafenstraße 2, Bremen", order: 1, phone: "+49 421 2222")
        mock.rows.accept(([Self.contacts, second]))
        drainMainQueue()
        XCTAssertEqual(controller.phone.text, Self.contacts.phone, "the cursor starts on the first, as the tutorial shows it")

        terminal.press(.down)
        drainMainQueue()
        XCTAssertEqual(controller.phone.text, second.phone)
        XCTAssertEqual(controller.address.text, second.address)
        XCTAssertTrue(terminal.snapshot().contains("│Phone   +49 421 2222"), terminal.snapshot())

        // The list changes under the cursor: the panel shows what the cursor is on now.
        mock.rows.accept(([Self.contacts]))
        drainMainQueue()
        XCTAssertEqual(controller.phone.text, Self.contacts.phone)
        terminal.press(.up)
        drainMainQueue()
        XCTAssertEqual(controller.phone.text, Self.contacts.phone)
    }

    private static let contacts = SellerContact(address: "Marktplatz 1, Hamburg", order: 0, phone: "+49 40 1111")

    /// A contacts screen on a headless terminal, subscribed to `tableScreen`.
    private static func show(_ tableScreen: TableScreen<SellerContact>) -> (HeadlessTerminal, ContactsViewController) {
        let terminal = HeadlessTerminal(width: 48, height: 12)
        let screen = Screen(terminal: terminal)
        let controller = ContactsViewController(tableScreen: tableScreen)
        screen.rootViewController = controller  // loads the view, which binds the view model
        return (terminal, controller)
    }

    func testBindContacts() {
        let mock = TableScreenMock()
        let (terminal, controller) = Self.show(mock.tableScreen)
        waitFor(mock.subscribed)

        // 1. Error: show a message.
        XCTAssertNotEqual(controller.phone.text, Self.contacts.phone)
        XCTAssertNotEqual(controller.address.text, Self.contacts.address)
        mock.failures.accept(UnknownFailure.unknown.localizedDescription)
        drainMainQueue()

        // 2. The alert: one action, "OK", default style; the labels are still unset.
        guard let alert = controller.presentedAlert else { return XCTFail("no alert presented") }
        XCTAssertEqual(alert.actions.count, 1)
        XCTAssertEqual(alert.actions.first?.style, .default)
        XCTAssertEqual(alert.actions.first?.title, "OK")
        XCTAssertEqual(alert.message, "Something went wrong. Please try again later.")
        XCTAssertNotEqual(controller.phone.text, Self.contacts.phone)
        XCTAssertNotEqual(controller.address.text, Self.contacts.address)
        XCTAssertTrue(terminal.snapshot().contains("[>OK<]"))

        // 3. Choose OK, as a key press would.
        terminal.press(.enter)
        drainMainQueue()

        // 4. The alert is gone; the labels are still unset.
        XCTAssertNil(controller.presentedAlert)
        XCTAssertFalse(terminal.snapshot().contains("OK"))
        XCTAssertNotEqual(controller.phone.text, Self.contacts.phone)
        XCTAssertNotEqual(controller.address.text, Self.contacts.address)

        // 5. An empty array: no alert, nothing set.
        mock.rows.accept(([]))
        drainMainQueue()
        XCTAssertNil(controller.presentedAlert)
        XCTAssertNil(controller.phone.text)
        XCTAssertNil(controller.address.text)
        XCTAssertEqual(controller.list.rows, [])

        // 6. Success: no alert, the labels show the contact.
        mock.rows.accept(([Self.contacts]))
        drainMainQueue()
        XCTAssertNil(controller.presentedAlert)
        XCTAssertEqual(controller.phone.text, Self.contacts.phone)
        XCTAssertEqual(controller.address.text, Self.contacts.address)
        XCTAssertEqual(
            terminal.snapshot(),
            """
            ┌─ Contact ────────────────────────────────────┐
            │Phone   +49 40 1111                           │
            │Address Marktplatz 1, Hamburg                 │
            └──────────────────────────────────────────────┘
            ┌─ All contacts ───────────────────────────────┐
            │> Marktplatz 1, Hamburg            +49 40 1111│
            │                                              │
            │                                              │
            │                                              │
            │                                              │
            └──────────────────────────────────────────────┘
                                      Up/Down pick a contact
            """)
    }

    func testTheLatestFailureReplacesTheAlertShownAndItsOKTakesItAway() {
        let mock = TableScreenMock()
        let (terminal, controller) = Self.show(mock.tableScreen)
        waitFor(mock.subscribed)

        mock.failures.accept(UnknownFailure.unknown.localizedDescription)
        drainMainQueue()
        XCTAssertEqual(controller.presentedAlert?.message, UnknownFailure.unknown.localizedDescription)
        mock.failures.accept(SellerContactsDecodingError.duplicateOrder(3).localizedDescription)
        drainMainQueue()
        // One alert on screen, the latest.
        XCTAssertEqual(controller.presentedAlert?.message, SellerContactsDecodingError.duplicateOrder(3).localizedDescription)
        XCTAssertEqual(controller.presentedAlert?.actions, [AlertAction(title: "OK", style: .default)])
        XCTAssertFalse(terminal.snapshot().contains("Something went wrong"))
        terminal.press(.enter)
        drainMainQueue()
        XCTAssertNil(controller.presentedAlert)

        // Once taken away, the same failure shows again.
        mock.failures.accept(SellerContactsDecodingError.duplicateOrder(3).localizedDescription)
        drainMainQueue()
        XCTAssertEqual(controller.presentedAlert?.message, SellerContactsDecodingError.duplicateOrder(3).localizedDescription)
    }

    /// The single source of truth: the screen shows the table, whoever writes it (the sync or another writer).
    func testTheScreenShowsWhatTheDatabaseHolds() throws {
        let database = try SQLiteDatabase.inMemory(migrations: ContactsMigrations.all)
        let remoteConfig = FakeRemoteConfig.answeredByHand(values: ["seller_contacts": remoteValue(RemoteConfigSample.sellerContacts)])
        let spy = TableScreenSpy(ContactsFeature.makeTableScreen(database: database, tables: makeTables(remoteConfig, database)))

        var delivered = spy.nextElement()
        let (_, controller) = Self.show(spy.tableScreen)
        waitFor(spy.subscribed, delivered)
        drainMainQueue()
        XCTAssertNil(controller.phone.text)
        XCTAssertEqual(controller.list.rows, [])

        // The sync writes what remote config holds; the screen hears of it from the database.
        delivered = spy.nextElement()
        remoteConfig.completionHandler?(.successFetchedFromRemote, nil)
        waitFor(delivered)
        drainMainQueue()
        XCTAssertEqual(controller.phone.text, sampleContacts[0].phone)
        XCTAssertEqual(controller.address.text, sampleContacts[0].address)
        XCTAssertEqual(controller.list.rows.count, 2)

        // Another writer puts a contact in front: the labels follow the lowest `order`.
        let front = SellerContact(address: "Hauptstraße 2, Berlin", order: -1, phone: "+49 30 2222")
        delivered = spy.nextElement()
        try database.write { try $0.insert(SellerContactRecord(front)) }
        waitFor(delivered)
        drainMainQueue()
        XCTAssertEqual(controller.phone.text, front.phone)
        XCTAssertEqual(controller.address.text, front.address)
        XCTAssertEqual(controller.list.rows, ([front] + sampleContacts).map { ListRow($0.address ?? "", $0.phone ?? "") })

        // Another writer empties the table: the screen empties too.
        delivered = spy.nextElement()
        try database.write { try $0.deleteAll(SellerContactRecord.self) }
        waitFor(delivered)
        drainMainQueue()
        XCTAssertNil(controller.phone.text)
        XCTAssertNil(controller.address.text)
        XCTAssertEqual(controller.list.rows, [])
        XCTAssertNil(controller.presentedAlert)
    }
}
