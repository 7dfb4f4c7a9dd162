import Foundation
import TerminalUI
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The exit paths that end the process, checked from outside: the test binary runs itself as a
/// child on a pseudo-terminal, starts a live session there and leaves by a real signal (handled
/// with the default re-raise) or by `exit`; the parent reads the pty and its termios afterwards.
final class ProcessExitTests: XCTestCase {
    private static let modeVariable = "TERMINALUI_EXIT_CHILD"

    /// The child's side. It does nothing unless the parent started it with the mode variable set,
    /// so in a normal run it passes at once.
    @MainActor
    func testChildEntry() throws {
        guard let mode = ProcessInfo.processInfo.environment[Self.modeVariable] else { return }
        let terminal = LiveTerminal(environment: [:])
        try terminal.start()
        switch mode {
        case "SIGTERM": raise(SIGTERM)
        case "SIGINT": raise(SIGINT)
        default: exit(3)
        }
        // Reached only if the signal did not end the process.
        exit(99)
    }

    func testSIGTERMEndsTheProcessWithTheTerminalRestored() throws {
        try Self.check(mode: "SIGTERM", reason: .uncaughtSignal, status: SIGTERM)
    }

    func testSIGINTEndsTheProcessWithTheTerminalRestored() throws {
        try Self.check(mode: "SIGINT", reason: .uncaughtSignal, status: SIGINT)
    }

    func testExitRestoresTheTerminal() throws {
        try Self.check(mode: "exit", reason: .exit, status: 3)
    }

    private static func check(mode: String, reason: Process.TerminationReason, status: Int32) throws {
        let pty = try PseudoTerminal()
        let original = pty.attributes
        let slave = FileHandle(fileDescriptor: pty.slave, closeOnDealloc: false)
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        child.arguments = ["TerminalUITests.ProcessExitTests/testChildEntry"]
        var environment = ProcessInfo.processInfo.environment
        environment[modeVariable] = mode
        child.environment = environment
        child.standardInput = slave
        child.standardOutput = slave
        child.standardError = FileHandle.nullDevice
        try child.run()
        child.waitUntilExit()

        XCTAssertEqual(child.terminationReason, reason, mode)
        XCTAssertEqual(child.terminationStatus, status, mode)
        let output = pty.read(until: ANSIFrameEncoder.restoreSequence)
        let setup = ANSIFrameEncoder.setupSequence
        let restore = ANSIFrameEncoder.restoreSequence
        XCTAssertNotNil(output.firstRange(of: setup), "\(mode): the session started")
        XCTAssertEqual(Array(output.suffix(restore.count)), restore, "\(mode): the screen was restored last")
        XCTAssertTrue(sameAttributes(pty.attributes, original), "\(mode): termios restored")
    }
}
