import Foundation
import XCTest

/// Runs the built `bistro` executable, as a user would, and checks its output and exit status.
final class ExecutableTests: XCTestCase {
    private struct Run {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// The executable, built beside the test bundle (the test target depends on it).
    private static var executable: URL {
        get throws {
            let candidates = [
                Bundle.main.bundleURL,
                Bundle(for: ExecutableTests.self).bundleURL.deletingLastPathComponent(),
                URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            ].map { $0.appendingPathComponent("bistro") }
            guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: candidates.map(\.path).joined(separator: ", ")])
            }
            return found
        }
    }

    private func runBistro(_ arguments: String...) throws -> Run {
        let process = Process()
        process.executableURL = try Self.executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }

    func testDemoPrintsTheRunningTotal() throws {
        let result = try runBistro()
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.standardOutput, "items: 1  total: ₩1000\nitems: 2  total: ₩4500\nitems: 3  total: ₩8500\n")
    }

    func testVersionAndHelp() throws {
        let version = try runBistro("--version")
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(version.standardOutput, "bistro 0.1.0\n")

        let help = try runBistro("--help")
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.standardOutput.hasPrefix("usage: bistro [COMMAND]\n"), help.standardOutput)
        XCTAssertTrue(help.standardOutput.contains("  demo "), help.standardOutput)
    }

    func testUsageErrorsExitWithTwoAndAHint() throws {
        let result = try runBistro("--nope")
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.standardOutput, "")
        XCTAssertEqual(result.standardError, "bistro: error: unknown option '--nope'\ntry 'bistro --help' for usage\n")

        let extra = try runBistro("demo", "extra")
        XCTAssertEqual(extra.status, 2)
        XCTAssertEqual(extra.standardError, "bistro: error: unexpected argument 'extra'\ntry 'bistro demo --help' for usage\n")
    }
}
