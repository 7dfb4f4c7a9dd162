import Foundation
import XCTest

@testable import ArgumentParsing

final class CommandParserTests: XCTestCase {
    private func parse(_ words: String...) throws -> ParsedCommandLine {
        try CommandParser.parse(words, root: Tool.self)
    }

    private func assertUsageError(_ words: String..., message: String, command: [String], line: UInt = #line) {
        XCTAssertThrowsError(try CommandParser.parse(words, root: Tool.self), line: line) {
            XCTAssertEqual($0 as? UsageError, UsageError(message, commandPath: command), line: line)
        }
    }

    func testSubcommandsArgumentsAndOptionsAreTypedFields() throws {
        let parsed = try parse("menu", "set", "김밥", "2", "-n", "no onions", "--json")
        XCTAssertEqual(parsed.words, ["tool", "menu", "set"])
        let set = try XCTUnwrap(parsed.command as? MenuSet)
        XCTAssertEqual(set.item, "김밥")
        XCTAssertEqual(set.count, 2)
        XCTAssertEqual(set.note, "no onions")
        XCTAssertTrue(set.json)
    }

    func testGlobalOptionsStandAnywhereAndTheLastValueWins() throws {
        let parsed = try parse("--fake", "menu", "set", "1", "2", "--database=/tmp/a.db", "--timeout", "1.5", "--database", "/tmp/b.db")
        let root = try XCTUnwrap(parsed.root as? Tool)
        XCTAssertTrue(root.global.fake)
        XCTAssertEqual(root.global.database, "/tmp/b.db")
        XCTAssertEqual(root.global.timeout, 1.5)
        XCTAssertFalse(root.version)
    }

    func testDefaultsOptionalsAndCopiesShareTheParsedValues() throws {
        let parsed = try parse("config", "fetch", "--server", "https://config.example/")
        var fetch = try XCTUnwrap(parsed.command as? Fetch)
        XCTAssertEqual(fetch.server, URL(string: "https://config.example/"))
        XCTAssertEqual(fetch.retries, 3)
        let copy = fetch
        fetch.retries = 5
        XCTAssertEqual(copy.retries, 5, "a command's values live in its declarations' storage")
        XCTAssertNil(try XCTUnwrap(try parse("menu", "set", "1", "0").command as? MenuSet).note)
    }

    func testDoubleDashEndsOptionsAndANegativeNumberIsAnArgument() throws {
        let set = try XCTUnwrap(try parse("menu", "set", "--", "--odd", "4").command as? MenuSet)
        XCTAssertEqual(set.item, "--odd")
        assertUsageError(
            "menu", "set", "1", "-1", message: "COUNT must be a whole number of 0 or more, not '-1'", command: ["tool", "menu", "set"])
        assertUsageError("menu", "list", "-1", message: "unknown option '-1'", command: ["tool", "menu", "list"])
    }

    func testHelpAnywhereAsksForTheHelpOfTheCommandReachedAndSkipsTheChecks() throws {
        XCTAssertThrowsError(try parse("menu", "set", "--help")) { error in
            let path = (error as? CleanExit)?.helpPath?.map { $0.commandName }
            XCTAssertEqual(path, ["tool", "menu", "set"])
        }
        XCTAssertThrowsError(try parse("-h")) { XCTAssertEqual(($0 as? CleanExit)?.helpPath?.count, 1) }
    }

    func testADefaultSubcommandRunsWhenNothingFollowsItsParent() throws {
        XCTAssertTrue(try parse("menu").command is List)
        XCTAssertTrue(try parse("--fake", "menu").command is List)
        XCTAssertTrue(try parse("menu", "list", "--json").command is List)
        XCTAssertTrue(try parse().command is Tool)
    }

    func testUsageErrorsSayWhatIsWrongAndWhoseHelpToRead() {
        assertUsageError("bogus", message: "unknown command 'bogus' for 'tool'", command: ["tool"])
        assertUsageError("config", "push", message: "unknown command 'push' for 'tool config'", command: ["tool", "config"])
        assertUsageError("menu", "set", "--nope", message: "unknown option '--nope'", command: ["tool", "menu", "set"])
        assertUsageError("--json", "menu", "list", message: "unknown option '--json'", command: ["tool"])
        assertUsageError("menu", "set", "김밥", message: "missing argument COUNT", command: ["tool", "menu", "set"])
        assertUsageError("menu", "list", "extra", message: "unexpected argument 'extra'", command: ["tool", "menu", "list"])
        assertUsageError("--database", message: "missing value for '--database PATH'", command: ["tool"])
        assertUsageError("--fake=yes", message: "flag '--fake' takes no value", command: ["tool"])
        assertUsageError(
            "menu", "set", "1", "many", message: "COUNT must be a whole number of 0 or more, not 'many'", command: ["tool", "menu", "set"])
        assertUsageError("--timeout", "soon", message: "invalid value 'soon' for --timeout SECONDS", command: ["tool"])
        assertUsageError("config", "fetch", message: "missing option '--server URL'", command: ["tool", "config", "fetch"])
        assertUsageError("menu", "set", "forbidden", "1", message: "'forbidden' cannot be selected", command: ["tool", "menu", "set"])
        XCTAssertEqual(UsageError("m", commandPath: ["tool", "menu"]).hint, "try 'tool menu --help' for usage")
    }

    func testAnOptionsValueThatReadsAsAnOptionIsMissingUnlessTheOptionTakesAnyWord() throws {
        assertUsageError("--database", "--fake", message: "missing value for '--database PATH'", command: ["tool"])
        assertUsageError(
            "menu", "set", "떡볶이", "1", "--note", "--json", message: "missing value for '--note TEXT'", command: ["tool", "menu", "set"])
        assertUsageError("--database", "--", "x", message: "missing value for '--database PATH'", command: ["tool"])
        // `-` (standard input) and a negative number are values; `=` takes any word.
        XCTAssertEqual((try parse("--database", "-").root as? Tool)?.global.database, "-")
        XCTAssertEqual((try parse("--timeout", "-5").root as? Tool)?.global.timeout, -5)
        XCTAssertEqual((try parse("--database=--fake").root as? Tool)?.global.database, "--fake")
        let passed = try parse("menu", "set", "떡볶이", "1", "--pass", "--json")
        XCTAssertEqual((passed.command as? MenuSet)?.pass, "--json")
        XCTAssertEqual((passed.command as? MenuSet)?.json, false)
    }

    func testACommandIsNamedFromItsTypeUnlessConfigured() {
        XCTAssertEqual(SignInWithTokenCommand.commandName, "sign-in-with-token")
        XCTAssertEqual(MenuSet.commandName, "set")
        XCTAssertEqual(List.commandName, "list")
        XCTAssertEqual("URLFetch".convertedToKebabCase, "url-fetch")
    }

    func testTheHelpComesFromTheSameDeclarations() {
        XCTAssertEqual(
            CommandParser.helpText(for: [Tool.self, Menu.self, MenuSet.self]),
            """
            usage: tool menu set ITEM COUNT [options]

            set a count

            arguments:
              ITEM          the item
              COUNT         how many, 0 or more

            options:
              --note TEXT                 a note
              --pass WORD                 words for another program, taken as they are
              --json                      print JSON

            global options:
              --database PATH             the database
              --timeout SECONDS           the longest a call may take
              --fake                      use fakes
              --version                   print the version and exit
            """)
        XCTAssertEqual(
            CommandParser.helpText(for: [Tool.self]),
            """
            usage: tool [COMMAND]

            a tool
            It does several things.

            commands:
              menu          the menu
              config        the config

            global options:
              --database PATH             the database
              --timeout SECONDS           the longest a call may take
              --fake                      use fakes
              --version                   print the version and exit
            """)
        XCTAssertTrue(CommandParser.helpText(for: [Tool.self, Config.self]).hasPrefix("usage: tool config COMMAND\n"))
    }
}
