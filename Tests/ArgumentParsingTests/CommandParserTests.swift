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

    func testAVariableGivesWhatTheCommandLineDoesNotAndTheCommandLineWins() throws {
        func global(_ words: [String], _ environment: [String: String]) throws -> GlobalOptions? {
            (try CommandParser.parse(words, root: Tool.self, environment: environment).root as? Tool)?.global
        }
        XCTAssertEqual(try global(["menu"], ["TOOL_TIMEOUT": "2.5"])?.timeout, 2.5)
        XCTAssertEqual(try global(["--timeout", "4", "menu"], ["TOOL_TIMEOUT": "2.5"])?.timeout, 4, "the command line wins")
        XCTAssertNil(try global(["menu"], ["TOOL_TIMEOUT": ""])?.timeout, "an empty variable counts as unset")
        XCTAssertNil(try global(["menu"], [:])?.timeout)
        XCTAssertEqual(try global(["menu"], ["TOOL_FAKE": "1"])?.fake, true)
        XCTAssertEqual(try global(["menu"], ["TOOL_FAKE": "yes"])?.fake, true)
        XCTAssertEqual(try global(["menu"], ["TOOL_FAKE": "false"])?.fake, false)
        XCTAssertEqual(try global(["--fake", "menu"], ["TOOL_FAKE": "0"])?.fake, true, "the command line wins")
        XCTAssertNil(try global(["menu"], ["TOOL_DATABASE": "x.sqlite"])?.database, "an option without a variable ignores it")

        XCTAssertThrowsError(try CommandParser.parse(["menu"], root: Tool.self, environment: ["TOOL_TIMEOUT": "soon"])) {
            XCTAssertEqual(($0 as? UsageError)?.message, "invalid value 'soon' for --timeout SECONDS (from TOOL_TIMEOUT)")
        }
        XCTAssertThrowsError(try CommandParser.parse(["menu"], root: Tool.self, environment: ["TOOL_FAKE": "maybe"])) {
            XCTAssertEqual(($0 as? UsageError)?.message, "invalid value 'maybe' for --fake (from TOOL_FAKE)")
        }
    }

    func testCompletionsOfferWhatMayComeNextAndStartWithWhatWasTyped() {
        func complete(_ words: String..., context: [String]? = nil) -> [String] {
            CommandParser.completions(for: words, root: Tool.self, context: context)
        }
        XCTAssertEqual(complete(""), ["menu", "config"], "a hidden command is not offered")
        XCTAssertEqual(complete("me"), ["menu"])
        XCTAssertEqual(complete("menu", "s"), ["set"])
        XCTAssertEqual(complete("--database", "x", "menu", "l"), ["list"], "an option's value is skipped")
        XCTAssertEqual(
            complete("--database", "--timeout", ""), [], "as the parser reads it, a word that reads as an option is no value")
        XCTAssertEqual(complete("menu", "set", ""), ["떡볶이", "김밥"])
        XCTAssertEqual(complete("menu", "set", "김"), ["김밥"])
        XCTAssertEqual(complete("menu", "set", "", context: ["라면"]), ["라면"])
        XCTAssertEqual(complete("menu", "set", "--note", "x", ""), ["떡볶이", "김밥", "noted"])
        XCTAssertEqual(complete("menu", "set", "떡볶이", ""), [], "COUNT offers nothing")
        XCTAssertEqual(complete("--ti"), ["--timeout"])
        XCTAssertEqual(complete("menu", "set", "--j"), ["--json"])
        XCTAssertEqual(
            complete("menu", "set", "--"), ["--note", "--pass", "--json", "--database", "--timeout", "--fake", "--version", "--help"])
    }

    func testCompletionScriptsAskTheToolAndAnUnknownShellIsAUsageError() {
        XCTAssertThrowsError(try CommandParser.parse(["--generate-completion-script", "bash"], root: Tool.self)) { error in
            let script = (error as? CleanExit)?.description ?? ""
            XCTAssertTrue(script.contains("complete -o default -F _tool_complete tool"), script)
            XCTAssertTrue(script.contains("---completion bash --"), script)
        }
        XCTAssertTrue(CommandParser.completionScript(for: .zsh, toolName: "tool").hasPrefix("#compdef tool\n"))
        XCTAssertTrue(
            CommandParser.completionScript(for: .fish, toolName: "loyalty-app").contains(
                "complete -c loyalty-app -f -a '(_loyalty_app_complete)'"))
        XCTAssertThrowsError(try CommandParser.parse(["--generate-completion-script", "tcsh"], root: Tool.self)) {
            XCTAssertEqual(($0 as? UsageError)?.message, "--generate-completion-script takes one of bash, zsh, fish")
        }
    }

    func testTheToolsOwnFlagsStandAnywhereBeforeTheEndOfOptions() {
        for words in [
            ["--database", "x", "--generate-completion-script", "zsh"], ["menu", "--generate-completion-script=zsh"],
            ["--generate-completion-script", "zsh", "--database", "x"],
        ] {
            XCTAssertThrowsError(try CommandParser.parse(words, root: Tool.self), "\(words)") {
                XCTAssertTrue(($0 as? CleanExit)?.description.hasPrefix("#compdef tool") ?? false, "\(words): \($0)")
            }
        }
        XCTAssertThrowsError(try CommandParser.parse(["--timeout", "3", "--generate-manual"], root: Tool.self)) {
            XCTAssertTrue(($0 as? CleanExit)?.description.hasPrefix(".Dd ") ?? false, "\($0)")
        }
        XCTAssertThrowsError(try CommandParser.parse(["--generate-completion-script"], root: Tool.self)) {
            XCTAssertEqual(($0 as? UsageError)?.message, "--generate-completion-script takes one of bash, zsh, fish")
        }
        let parsed = try? CommandParser.parse(["menu", "set", "--", "--generate-manual", "1"], root: Tool.self)
        XCTAssertEqual((parsed?.command as? MenuSet)?.item, "--generate-manual", "after --, a word is a value")
    }

    func testTheManualIsWrittenFromTheSameDeclarations() {
        let page = CommandParser.manual(root: Tool.self, date: Date(timeIntervalSince1970: 1_796_342_400))
        let lines = page.split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(lines.prefix(6)), [".Dd December 4, 2026", ".Dt TOOL 1", ".Os", ".Sh NAME", ".Nm tool", ".Nd a tool"])
        for expected in [
            ".It Nm menu", ".It Nm menu set Ar ITEM Ar COUNT", ".It Fl Fl note , Fl n Ar TEXT", ".It Nm config fetch",
            ".It Fl Fl timeout Ar SECONDS", ".It Ev TOOL_TIMEOUT", ".It Ev TOOL_FAKE", ".Sh EXIT STATUS",
        ] {
            XCTAssertTrue(lines.contains(expected), "no line '\(expected)' in\n\(page)")
        }
        XCTAssertFalse(page.contains("not listed"), "a hidden command is left out")
        XCTAssertThrowsError(try CommandParser.parse(["--generate-manual"], root: Tool.self)) { error in
            XCTAssertTrue((error as? CleanExit)?.description.hasPrefix(".Dd ") ?? false)
        }
    }

    func testRepeatedOptionsCountedFlagsAndEnumerableFlags() throws {
        func parse(_ words: String..., environment: [String: String] = [:]) throws -> Exporter {
            let parsed = try CommandParser.parse(words, root: Exporter.self, environment: environment)
            return try XCTUnwrap(parsed.command as? Exporter)
        }
        let plain = try parse()
        XCTAssertEqual(plain.tag, [])
        XCTAssertEqual(plain.size, [1], "the default until given")
        XCTAssertEqual(plain.verbose, 0)
        XCTAssertEqual(plain.format, .text)

        let given = try parse("--tag", "a", "--size", "3", "-vv", "--tag=b", "--json", "--verbose", "--size", "4", "-av")
        XCTAssertEqual(given.tag, ["a", "b"])
        XCTAssertEqual(given.size, [3, 4], "the default is replaced, then each value kept")
        XCTAssertEqual(given.verbose, 4)
        XCTAssertEqual(given.format, .json)
        XCTAssertTrue(given.all)
        XCTAssertEqual(try parse("--json", "--text").format, .text, "the last one given wins")

        let fromEnvironment = try parse(environment: ["EXPORT_VERBOSE": "2", "EXPORT_FORMAT": "json"])
        XCTAssertEqual(fromEnvironment.verbose, 2)
        XCTAssertEqual(fromEnvironment.format, .json)
        XCTAssertEqual(try parse("--text", environment: ["EXPORT_FORMAT": "json"]).format, .text)
        XCTAssertThrowsError(try parse("--size", "big")) {
            XCTAssertEqual(($0 as? UsageError)?.message, "invalid value 'big' for --size SIZE")
        }
        XCTAssertThrowsError(try parse("-vx")) { XCTAssertEqual(($0 as? UsageError)?.message, "unknown option '-vx'") }

        let help = CommandParser.helpText(for: [Exporter.self])
        XCTAssertTrue(help.contains("  --text | --json                     how to write (env: EXPORT_FORMAT)"), help)
        XCTAssertTrue(help.contains("  --tag TAG                           a tag to export, as often as needed"), help)
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
              ITEM         the item
              COUNT        how many, 0 or more

            options:
              --note TEXT  a note
              --pass WORD  words for another program, taken as they are
              --json       print JSON

            global options: see 'tool --help'
            """)
        XCTAssertEqual(
            CommandParser.helpText(for: [Tool.self]),
            """
            usage: tool [COMMAND]

            a tool
            It does several things.

            commands:
              menu                                the menu
              config                              the config

            global options:
              --database PATH                     the database
              --timeout SECONDS                   the longest a call may take (env: TOOL_TIMEOUT)
              --fake                              use fakes (env: TOOL_FAKE)
              --version                           print the version and exit
              --generate-completion-script SHELL  print a completion script for bash, zsh or fish
              --generate-manual                   print the manual page (mdoc), for `man`
              -h, --help                          print this help
            """)
        XCTAssertTrue(CommandParser.helpText(for: [Tool.self, Config.self]).hasPrefix("usage: tool config COMMAND\n"))
    }
}
