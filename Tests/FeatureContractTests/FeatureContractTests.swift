import FeatureContract
import Foundation
import Reactive
import XCTest

/// What the contract itself does: the console's lines, JSON that is exact and safe, failures
/// worded for the user, services that open on first use.
final class FeatureContractTests: XCTestCase {
    private struct Broken: Error, LocalizedError {
        var errorDescription: String? { "the disk is on fire" }
    }

    private func console() -> (Console, output: Locked<String>, errors: Locked<String>) {
        let output = Locked("")
        let errors = Locked("")
        let console = Console(
            toolName: "tool", writeOutput: { text in output.withLock { $0 += text } },
            writeError: { text in errors.withLock { $0 += text } })
        return (console, output, errors)
    }

    func testTheConsoleWritesLinesAndErrorsWithTheirControlCharactersShown() {
        let (console, output, errors) = console()
        console.emit("one")
        console.emit("two\n")
        console.error("no item '\u{1B}[2J' here", hint: "try 'tool --help' for usage")
        XCTAssertEqual(output.withLock { $0 }, "one\ntwo\n")
        XCTAssertEqual(errors.withLock { $0 }, "tool: error: no item '␛[2J' here\ntry 'tool --help' for usage\n")
        XCTAssertEqual(ConsoleStyle(usesColor: true).bold("x"), "\u{1B}[1mx\u{1B}[0m")
        XCTAssertEqual(ConsoleStyle(usesColor: false).dim("x"), "x")
    }

    func testJSONLinesAreExactAndEscapeWhatATerminalWouldAct() throws {
        let text = try JSONLine.encode(["b": "\u{1B}]0;x\u{07}", "a": "\u{9B}31m\u{202E}"])
        XCTAssertEqual(text, #"{"a":"\u009b31m\u202e","b":"\u001b]0;x\u0007"}"#)
        XCTAssertEqual(
            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String],
            ["b": "\u{1B}]0;x\u{07}", "a": "\u{9B}31m\u{202E}"])
    }

    func testAFailureSaysWhatWasBeingDoneAndWhyWithoutAFoundationDump() {
        XCTAssertEqual(CommandFailure("could not order", Broken()).message, "could not order: the disk is on fire")
        let cocoa = CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "/x"])
        XCTAssertFalse(CommandFailure("could not read", cocoa).message.contains("NSCocoaErrorDomain"))
        XCTAssertThrowsError(try CommandFailure.during("outer") { throw CommandFailure("inner") }) {
            XCTAssertEqual(($0 as? CommandFailure)?.message, "inner", "a failure already worded passes as it is")
        }
        XCTAssertThrowsError(try CommandFailure.during("outer") { throw Broken() }) {
            XCTAssertEqual(($0 as? CommandFailure)?.message, "outer: the disk is on fire")
        }
    }

    func testServicesOpenOnUseAndWordTheirFailures() {
        let opened = Locked(0)
        let services = FeatureServices(
            appTitle: "Tests", console: console().0,
            database: {
                opened.withLock { $0 += 1 }
                throw Broken()
            },
            remoteConfig: { throw CommandFailure("cannot create the directory /s: a file is in the way") },
            readInput: { source, _ in throw CommandFailure("cannot read \(source): no such file or directory") })
        XCTAssertEqual(opened.withLock { $0 }, 0, "nothing is opened before it is used")
        XCTAssertThrowsError(try services.database()) {
            XCTAssertEqual(($0 as? CommandFailure)?.message, "could not open the app's storage: the disk is on fire")
        }
        XCTAssertThrowsError(try services.remoteConfig()) {
            XCTAssertEqual(($0 as? CommandFailure)?.message, "cannot create the directory /s: a file is in the way")
        }
        XCTAssertThrowsError(try services.readInput("/t.jwt", limit: 10, what: "the identity token")) {
            XCTAssertEqual(
                ($0 as? CommandFailure)?.message, "could not read the identity token: cannot read /t.jwt: no such file or directory")
        }
        XCTAssertThrowsError(try services.finishQueuedWrites()) {
            XCTAssertEqual(($0 as? CommandFailure)?.message, "could not open the app's storage: the disk is on fire")
        }
    }

    func testASpinnerShowsOnlyOnATerminalAndErasesItsLine() async throws {
        let (quiet, _, quietErrors) = console()
        let value = await quiet.withSpinner("working", enabled: true) { 42 }
        XCTAssertEqual(value, 42)
        XCTAssertEqual(quietErrors.withLock { $0 }, "", "standard error is not a terminal")
        var (shown, _, shownErrors) = console()
        shown.showsProgress = true
        _ = await shown.withSpinner("working", enabled: true) { 1 }
        XCTAssertTrue(shownErrors.withLock { $0 }.hasSuffix("\r\u{1B}[K"), shownErrors.withLock { $0 })
    }
}
