import Auth
import BistroApp
import Contacts
import FeatureContractTesting
import Menu
import XCTest

/// `bistro`'s commands run in this process, as a test of a plugin would run them: no executable,
/// no child process, the output captured.
final class InProcessTests: XCTestCase {
    private static let app = AppDescription(name: "bistro", version: "test", abstract: "bistro in process")

    private func run(_ arguments: String...) -> (status: Int32, output: String, errors: String) {
        let capturing = CapturingConsole(toolName: "bistro")
        let status = BistroApp.run(
            Self.app, plugins: [MenuFeature.plugin, ContactsFeature.plugin, AuthFeature.plugin], arguments: arguments,
            environment: [:], console: capturing.console)
        return (status, capturing.output, capturing.errors)
    }

    func testTheFakesRunEveryFeaturesCommandsInProcess() {
        let set = run("--fake", "menu", "set", "김밥", "2", "--json")
        XCTAssertEqual(set.status, 0, set.errors)
        XCTAssertTrue(set.output.contains(#""itemsCount":2"#), set.output)
        let contacts = run("--fake", "contacts", "--json")
        XCTAssertEqual(contacts.status, 0, contacts.errors)
        XCTAssertTrue(contacts.output.contains("세종대로"), contacts.output)
        XCTAssertEqual(run("--fake", "auth", "status").output, "signed out\n")
        let bad = run("--fake", "menu", "set", "1", "many")
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(
            bad.errors, "bistro: error: COUNT must be a whole number of 0 or more, not 'many'\ntry 'bistro menu set --help' for usage\n")
    }
}
