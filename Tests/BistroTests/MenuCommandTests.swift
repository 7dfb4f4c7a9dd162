import Auth
import BistroApp
import Contacts
import Foundation
import MenuInterface
import Persistence
import PersistenceInterface
import ReactiveTesting
import TestSupport
import XCTest

@testable import Menu

/// `bistro menu ...`, `bistro orders` and `bistro` without a command, end to end.
final class MenuCommandTests: BistroTestCase {
    static let emptySelection = """
        ID   PRICE  COUNT  NAME
        1   ₩4,000      0  떡볶이
        2   ₩3,500      0  김밥
        3   ₩4,500      0  라면
        4   ₩1,000      0  튀김
        items: 0  total: ₩0

        """

    private var server: LocalConfigServer?

    override func tearDownWithError() throws {
        server?.stop()
        try super.tearDownWithError()
    }

    func testFakeListsTheSampleMenu() throws {
        let list = try bistro("--fake", "menu", "list")
        XCTAssertEqual(list.status, 0, list.standardError)
        XCTAssertEqual(list.standardOutput, Self.emptySelection)
        XCTAssertEqual(try bistro("--fake", "menu").standardOutput, Self.emptySelection)
    }

    func testTheSelectionPersistsBetweenRunsAndAnOrderIsStored() throws {
        XCTAssertEqual(try bistro("menu", "list").standardOutput, Self.emptySelection)
        let set = try bistro("menu", "set", "김밥", "2")
        XCTAssertEqual(set.status, 0, set.standardError)
        XCTAssertTrue(set.standardOutput.contains("2   ₩3,500      2  김밥\n"), set.standardOutput)
        XCTAssertEqual(try bistro("menu", "set", "1", "1").status, 0)

        let json = try bistro("menu", "list", "--json")
        XCTAssertEqual(
            json.standardOutput,
            """
            {"items":[{"count":1,"id":1,"name":"떡볶이","price":4000},{"count":2,"id":2,"name":"김밥","price":3500},\
            {"count":0,"id":3,"name":"라면","price":4500},{"count":0,"id":4,"name":"튀김","price":1000}],\
            "itemsCount":3,"totalPrice":11000}

            """)

        let order = try bistro("menu", "order")
        XCTAssertEqual(order.status, 0, order.standardError)
        let lines = order.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, order.standardOutput)
        XCTAssertTrue(lines[0].hasPrefix("order 1  "), order.standardOutput)
        XCTAssertTrue(lines[0].hasSuffix("  ₩11,000"), order.standardOutput)
        XCTAssertEqual(Array(lines.dropFirst()), ["  1 × ₩4,000  떡볶이", "  2 × ₩3,500  김밥"])

        // Ordered counts leave the selection; the order stays in the history.
        XCTAssertEqual(try bistro("menu", "list").standardOutput, Self.emptySelection)
        let orders = try bistro("orders", "--json")
        XCTAssertEqual(orders.status, 0, orders.standardError)
        let history = try JSONSerialization.jsonObject(with: Data(orders.standardOutput.utf8)) as? [[String: Any]]
        XCTAssertEqual(history?.count, 1)
        XCTAssertEqual(history?.first?["id"] as? Int, 1)
        XCTAssertEqual(history?.first?["total"] as? Int, 11_000)
        XCTAssertEqual((history?.first?["lines"] as? [[String: Any]])?.map { $0["count"] as? Int }, [1, 2])
        XCTAssertEqual(try bistro("orders").standardOutput.split(separator: "\n").count, 3)

        let nothing = try bistro("menu", "order")
        XCTAssertEqual(nothing.status, 1)
        XCTAssertEqual(nothing.standardError, "bistro: error: could not order: nothing is selected (see 'bistro menu set')\n")
    }

    func testClearAndCountZero() throws {
        XCTAssertEqual(try bistro("menu", "set", "3", "4").status, 0)
        XCTAssertEqual(try bistro("menu", "set", "라면", "0").standardOutput, Self.emptySelection)
        XCTAssertEqual(try bistro("menu", "set", "4", "5").status, 0)
        XCTAssertEqual(try bistro("menu", "clear").standardOutput, Self.emptySelection)
        XCTAssertEqual(try bistro("orders").standardOutput, "no orders yet\n")
    }

    func testBadItemsAndCounts() throws {
        let unknown = try bistro("menu", "set", "짜장면", "1")
        XCTAssertEqual(unknown.status, 1)
        XCTAssertEqual(unknown.standardError, "bistro: error: no item '짜장면' on the menu (see 'bistro menu list')\n")

        let notANumber = try bistro("menu", "set", "1", "many")
        XCTAssertEqual(notANumber.status, 2)
        XCTAssertEqual(
            notANumber.standardError,
            """
            bistro: error: COUNT must be a whole number of 0 or more, not 'many'
            try 'bistro menu set --help' for usage

            """)

        let negative = try bistro("menu", "set", "1", "-1")
        XCTAssertEqual(negative.status, 2)
        XCTAssertEqual(
            negative.standardError,
            """
            bistro: error: COUNT must be a whole number of 0 or more, not '-1'
            try 'bistro menu set --help' for usage

            """)

        let missing = try bistro("menu", "set", "1")
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.standardError, "bistro: error: missing argument COUNT\ntry 'bistro menu set --help' for usage\n")
    }

    func testTheCatalogComesFromTheServer() throws {
        let server = try LocalConfigServer()
        self.server = server
        try server.setTemplate(["menu": #"[{"id": 7, "name": "순대", "price": 5000}]"#, "seller_contacts": "[]"])
        let url = server.baseURL.absoluteString
        let list = try bistro("menu", "list", "--remote-config-url", url)
        XCTAssertEqual(list.status, 0, list.standardError)
        XCTAssertEqual(list.standardOutput, "ID   PRICE  COUNT  NAME\n7   ₩5,000      0  순대\nitems: 0  total: ₩0\n")

        XCTAssertEqual(try bistro("menu", "set", "순대", "3", "--remote-config-url", url).status, 0)
        let order = try bistro("menu", "order", "--json", "--remote-config-url", url)
        XCTAssertEqual(order.status, 0, order.standardError)
        XCTAssertTrue(order.standardOutput.contains(#""lines":[{"count":3,"menuID":7,"name":"순대","price":5000}]"#), order.standardOutput)
        XCTAssertTrue(order.standardOutput.contains(#""total":15000"#), order.standardOutput)
    }

    // MARK: The last good data stands

    func testAMenuTheServerSendsThatIsRefusedIsOneWarningAndTheStoredMenuIsServed() throws {
        let server = try LocalConfigServer()
        self.server = server
        let url = server.baseURL.absoluteString
        try server.setTemplate(["menu": #"[{"id": 7, "name": "순대", "price": 5000}]"#, "seller_contacts": "[]"])
        XCTAssertEqual(try bistro("menu", "set", "순대", "2", "--remote-config-url", url).status, 0)
        let stored = "ID   PRICE  COUNT  NAME\n7   ₩5,000      2  순대\nitems: 2  total: ₩10,000\n"

        // A state directory of its own: the first run's fetch would otherwise be reused for the
        // minimum fetch interval.
        let state = home.appendingPathComponent("refused").path
        try server.setTemplate(["menu": #"[{"id": 7, "name": "순대", "price": 0}]"#, "seller_contacts": "[]"])
        let refused = try bistro("menu", "list", "--remote-config-url", url, "--state-dir", state)
        XCTAssertEqual(refused.status, 0, refused.standardError)
        XCTAssertEqual(refused.standardOutput, stored)
        XCTAssertEqual(
            refused.standardError,
            "bistro: warning: the server's menu was refused, keeping the last good menu: "
                + "The menu was rejected: item 7 has a price of 0 or less.\n")

        // Said once: later runs, with the server or with none (the refused value is still the
        // active one), serve the stored menu and say nothing more.
        for arguments in [["menu", "list", "--remote-config-url", url, "--state-dir", state], ["menu", "--state-dir", state]] {
            let again = try bistro(args: arguments)
            XCTAssertEqual(again.status, 0, again.standardError)
            XCTAssertEqual(again.standardOutput, stored, "\(arguments)")
            XCTAssertEqual(again.standardError, "", "\(arguments)")
        }
        let order = try bistro("menu", "order", "--state-dir", state)
        XCTAssertEqual(order.status, 0, order.standardError)
        XCTAssertEqual(order.standardError, "")
        XCTAssertEqual(Array(order.standardOutput.split(separator: "\n").dropFirst()), ["  2 × ₩5,000  순대"])

        // A value stored ends the refusal: the same refused value afterwards is said again.
        try server.setTemplate(["menu": #"[{"id": 7, "name": "순대", "price": 5500}]"#, "seller_contacts": "[]"])
        let fixed = try bistro("menu", "list", "--remote-config-url", url, "--state-dir", home.appendingPathComponent("fixed").path)
        XCTAssertEqual(fixed.standardOutput, "ID   PRICE  COUNT  NAME\n7   ₩5,500      0  순대\nitems: 0  total: ₩0\n")
        XCTAssertEqual(fixed.standardError, "")
        let again = try bistro("menu", "list", "--state-dir", state)
        XCTAssertEqual(again.status, 0, again.standardError)
        XCTAssertTrue(again.standardError.hasPrefix("bistro: warning: the server's menu was refused"), again.standardError)
    }

    func testARefreshThatChangesASelectedItemTakesItsCountOffAndTheNextListSaysSoOnce() throws {
        let server = try LocalConfigServer()
        self.server = server
        let url = server.baseURL.absoluteString
        try server.setTemplate(
            ["menu": #"[{"id": 7, "name": "순대", "price": 5000}, {"id": 8, "name": "김밥", "price": 3500}]"#, "seller_contacts": "[]"])
        XCTAssertEqual(try bistro("menu", "set", "순대", "2", "--remote-config-url", url).status, 0)
        XCTAssertEqual(try bistro("menu", "set", "김밥", "1", "--remote-config-url", url).status, 0)

        // Id 7 becomes another dish and id 8 goes: the counts do not move to what the user did not choose.
        try server.setTemplate(["menu": #"[{"id": 7, "name": "Token Tea", "price": 5000}]"#, "seller_contacts": "[]"])
        let state = home.appendingPathComponent("changed").path
        let list = try bistro("menu", "list", "--remote-config-url", url, "--state-dir", state)
        XCTAssertEqual(list.status, 0, list.standardError)
        XCTAssertEqual(list.standardOutput, "ID   PRICE  COUNT  NAME\n7   ₩5,000      0  Token Tea\nitems: 0  total: ₩0\n")
        XCTAssertEqual(
            list.standardError,
            """
            bistro: note: 순대 (₩5,000) is now Token Tea (₩5,000): 2 taken off the selection.
            bistro: note: 김밥 (₩3,500) is no longer on the menu: 1 taken off the selection.

            """)
        let again = try bistro("menu", "list", "--state-dir", state)
        XCTAssertEqual(again.standardError, "")
        let order = try bistro("menu", "order", "--state-dir", state)
        XCTAssertEqual(order.standardError, "bistro: error: could not order: nothing is selected (see 'bistro menu set')\n")
    }

    func testOnTheFirstRunARefusedMenuGivesWayToTheAppsOwn() throws {
        let server = try LocalConfigServer()
        self.server = server
        try server.setTemplate(["menu": "not JSON", "seller_contacts": "[]"])
        let list = try bistro("menu", "list", "--remote-config-url", server.baseURL.absoluteString)
        XCTAssertEqual(list.status, 0, list.standardError)
        XCTAssertEqual(list.standardOutput, Self.emptySelection, "the menu compiled into the app")
        XCTAssertEqual(
            list.standardError,
            "bistro: warning: the server's menu was refused, keeping the last good menu: "
                + "The menu was rejected: it is not a list of items (not JSON).\n")
    }

    func testAClearThatCannotRefreshTheMenuLeavesTheSelectionAsItWas() throws {
        XCTAssertEqual(try bistro("menu", "set", "김밥", "2").status, 0)
        let server = try LocalConfigServer()
        self.server = server
        try server.script([["mode": "500"]])

        let clear = try bistro("menu", "clear", "--remote-config-url", server.baseURL.absoluteString)
        XCTAssertEqual(clear.status, 1)
        XCTAssertEqual(clear.standardOutput, "")
        XCTAssertTrue(clear.standardError.hasPrefix("bistro: error: could not sync the menu: "), clear.standardError)
        let list = try bistro("menu", "list")
        XCTAssertTrue(
            list.standardOutput.contains("2   ₩3,500      2  김밥\n"), "the failed command changed nothing:\n\(list.standardOutput)")

        let cleared = try bistro("menu", "clear")
        XCTAssertEqual(cleared.status, 0, cleared.standardError)
        XCTAssertEqual(cleared.standardOutput, Self.emptySelection)
    }

    func testWithoutACommandOffATerminalPrintsASummary() throws {
        let summary = try bistro()
        XCTAssertEqual(summary.status, 0, summary.standardError)
        XCTAssertEqual(summary.standardOutput, "Menu\n" + Self.emptySelection + "\nContacts\n" + ContactsCommandTests.sampleText)
    }

    /// The migrations of the app `bistro` is: its plugins', then its own.
    private static var migrations: [Migration] {
        get throws { try BistroApp.migrations(of: [MenuFeature.plugin, ContactsFeature.plugin, AuthFeature.plugin]) }
    }

    func testASelectionTheAppKeptBeforeTheUpgradeMovesIntoTheMenuFeature() throws {
        // A database as the previous binary left it: its migrations, a stored catalog, and the
        // selection in the app's own table (one count for an item the catalog no longer has).
        let path = home.appendingPathComponent("data/bistro/bistro.sqlite").path
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let added: Set = ["menu.createSelection", "menu.selectionKeepsNameAndPrice", "bistro.moveMenuSelection"]
        let previous = try Self.migrations.filter { !added.contains($0.name) }
        XCTAssertEqual(previous.count, try Self.migrations.count - 3)
        let old = try SQLiteDatabase(.file(path: path), migrations: previous)
        try old.write { db in
            try db.execute(
                sql: """
                    INSERT INTO menuItems (id, name, price, position) VALUES (1, '떡볶이', 4000, 0), (2, '김밥', 3500, 1), (3, '라면', 4500, 2), (4, '튀김', 1000, 3);
                    INSERT INTO bistroMenuSelection (menuID, count) VALUES (2, 2), (4, 1), (99, 5)
                    """)
        }
        old.close()

        let list = try bistro("menu", "list")
        XCTAssertEqual(list.status, 0, list.standardError)
        XCTAssertEqual(
            list.standardOutput,
            """
            ID   PRICE  COUNT  NAME
            1   ₩4,000      0  떡볶이
            2   ₩3,500      2  김밥
            3   ₩4,500      0  라면
            4   ₩1,000      1  튀김
            items: 3  total: ₩8,000

            """)
        let order = try bistro("menu", "order")
        XCTAssertEqual(order.status, 0, order.standardError)
        XCTAssertEqual(Array(order.standardOutput.split(separator: "\n").dropFirst()), ["  2 × ₩3,500  김밥", "  1 × ₩1,000  튀김"])
        XCTAssertEqual(try bistro("menu", "list").standardOutput, Self.emptySelection)

        // The new migrations ran after the old ones, the feature's first; the app's table is gone.
        let upgraded = try SQLiteDatabase(.file(path: path), migrations: try Self.migrations)
        defer { upgraded.close() }
        XCTAssertEqual(
            try upgraded.appliedMigrations(),
            previous.map(\.name) + ["menu.createSelection", "menu.selectionKeepsNameAndPrice", "bistro.moveMenuSelection"])
        let tables = try upgraded.read {
            try $0.fetchRows(sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'bistro%' ORDER BY name")
        }
        XCTAssertEqual(tables.map { $0.values.first }, [.text("bistroAppState")])
    }

    func testTheSelectionSetByTheCommandsIsTheOneTheMenuFeatureStores() throws {
        XCTAssertEqual(try bistro("menu", "set", "라면", "3").status, 0)
        let path = home.appendingPathComponent("data/bistro/bistro.sqlite").path
        let database = try SQLiteDatabase(.file(path: path), migrations: try Self.migrations)
        defer { database.close() }
        // What the interactive screen's client starts from.
        let stored = try LiveMenuSelectionService(database: database).selection().toBlocking(timeout: 10).single()
        XCTAssertEqual(stored, try MenuSelection(counts: [3: 3]))
    }
}
