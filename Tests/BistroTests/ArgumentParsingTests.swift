@testable import Bistro
import XCTest

final class ArgumentParsingTests: XCTestCase {
    private let root = CommandSpec(
        name: "tool", summary: "a tool",
        subcommands: [
            CommandSpec(
                name: "menu", summary: "the menu",
                flags: [.init(name: "json", help: "print JSON")],
                subcommands: [
                    CommandSpec(
                        name: "set", summary: "set a count",
                        arguments: [.init(name: "ITEM", help: "the item"), .init(name: "COUNT", help: "the count")]),
                    CommandSpec(name: "list", summary: "list"),
                ]),
        ])
    private let globalOptions: [CommandSpec.Option] = [.init(name: "database", valueName: "PATH", help: "the database")]
    private let globalFlags: [CommandSpec.Flag] = [.init(name: "fake", help: "use fakes")]

    private func parseLine(_ words: String...) throws -> ParsedCommand {
        try parse(words, root: root, globalOptions: globalOptions, globalFlags: globalFlags)
    }

    private func assertUsageError(_ words: String..., message: String, command: String, line: UInt = #line) {
        XCTAssertThrowsError(try parse(words, root: root, globalOptions: globalOptions, globalFlags: globalFlags), line: line) {
            XCTAssertEqual($0 as? UsageError, UsageError(message: message, command: command), line: line)
        }
    }

    func testSubcommandsArgumentsFlagsAndGlobalOptionsAnywhere() throws {
        let parsed = try parseLine("--fake", "menu", "set", "김밥", "2", "--database=/tmp/x.db")
        XCTAssertEqual(parsed.path, ["menu", "set"])
        XCTAssertEqual(parsed.arguments, ["김밥", "2"])
        XCTAssertEqual(parsed.flags, ["fake"])
        XCTAssertEqual(parsed.options, ["database": "/tmp/x.db"])
        XCTAssertFalse(parsed.wantsHelp)
    }

    func testOptionValueInTheNextWordAndDoubleDashEndsOptions() throws {
        let parsed = try parseLine("menu", "set", "--database", "db.sqlite", "--", "--odd-name", "1")
        XCTAssertEqual(parsed.options["database"], "db.sqlite")
        XCTAssertEqual(parsed.arguments, ["--odd-name", "1"])
    }

    func testANegativeNumberIsAnArgumentWhereTheCommandTakesArguments() throws {
        XCTAssertEqual(try parseLine("menu", "set", "1", "-1").arguments, ["1", "-1"])
        XCTAssertEqual(try parseLine("menu", "set", "-2", "-0.5").arguments, ["-2", "-0.5"])
        assertUsageError("menu", "list", "-1", message: "unknown option '-1'", command: "tool menu list")
    }

    func testHelpSkipsTheArgumentCheck() throws {
        let parsed = try parseLine("menu", "set", "--help")
        XCTAssertTrue(parsed.wantsHelp)
        XCTAssertEqual(parsed.path, ["menu", "set"])
    }

    func testUsageErrorsNameTheCommandForTheHint() {
        assertUsageError("bogus", message: "unknown command 'bogus' for 'tool'", command: "tool")
        assertUsageError("menu", "--nope", message: "unknown option '--nope'", command: "tool menu")
        assertUsageError("menu", "set", "김밥", message: "missing argument COUNT", command: "tool menu set")
        assertUsageError("menu", "list", "extra", message: "unexpected argument 'extra'", command: "tool menu list")
        assertUsageError("--database", message: "option '--database' needs a value", command: "tool")
        assertUsageError("--fake=yes", message: "flag '--fake' takes no value", command: "tool")
        XCTAssertEqual(UsageError(message: "m", command: "tool menu").hint, "try 'tool menu --help' for usage")
    }

    func testCommandFlagsBelongToTheirCommand() throws {
        XCTAssertEqual(try parseLine("menu", "--json").flags, ["json"])
        assertUsageError("--json", message: "unknown option '--json'", command: "tool")
    }

    func testHelpTextListsCommandsArgumentsAndOptions() {
        let menu = root.subcommand(named: "menu")!
        XCTAssertEqual(menu.help(path: ["tool", "menu"], globalOptions: globalOptions, globalFlags: globalFlags), """
            usage: tool menu COMMAND [options]

            the menu

            commands:
              set           set a count
              list          list

            options:
              --json                      print JSON

            global options:
              --database PATH             the database
              --fake                      use fakes
            """)
        let set = menu.subcommand(named: "set")!
        XCTAssertTrue(set.help(path: ["tool", "menu", "set"], globalOptions: [], globalFlags: [])
            .hasPrefix("usage: tool menu set ITEM COUNT\n"))
    }
}
