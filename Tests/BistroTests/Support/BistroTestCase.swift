import Foundation
import Reactive
import XCTest

/// A test that runs the built `bistro` executable as a user would, in a fresh HOME with its own XDG
/// directories, so no run sees another's database or remote-config state.
class BistroTestCase: XCTestCase {
    struct Run {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    private(set) var home: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        home = FileManager.default.temporaryDirectory.appendingPathComponent("bistro-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let home { try? FileManager.default.removeItem(at: home) }
        try super.tearDownWithError()
    }

    /// The executable, built beside the test bundle (the test target depends on it).
    static var executable: URL {
        get throws {
            let candidates = [
                Bundle.main.bundleURL,
                Bundle(for: BistroTestCase.self).bundleURL.deletingLastPathComponent(),
                URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            ].map { $0.appendingPathComponent("bistro") }
            guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: candidates.map(\.path).joined(separator: ", ")])
            }
            return found
        }
    }

    /// The environment of every run: the temporary HOME and XDG directories, no colour, no server.
    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        environment["XDG_STATE_HOME"] = home.appendingPathComponent("state").path
        environment["NO_COLOR"] = "1"
        environment["BISTRO_REMOTE_CONFIG_URL"] = nil
        environment["BISTRO_FIREBASE_OPTIONS"] = nil
        return environment
    }

    /// A process of `bistro` with `arguments`, not started.
    func makeProcess(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = try Self.executable
        process.arguments = arguments
        process.environment = environment.merging(extra) { $1 }
        return process
    }

    /// Runs `bistro` with `arguments` and standard input at EOF, to its end.
    func bistro(_ arguments: String..., environment extra: [String: String] = [:]) throws -> Run {
        try bistro(args: arguments, environment: extra)
    }

    /// Runs `bistro` with `arguments` and `input` on standard input (nil: at EOF), to its end, in
    /// `directory` (the test process's own current directory when nil).
    func bistro(args arguments: [String], environment extra: [String: String] = [:], input: Data? = nil, directory: URL? = nil) throws
        -> Run
    {
        let process = try makeProcess(arguments, environment: extra)
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        let error = Pipe()
        let inputPipe = input.map { _ in Pipe() }
        process.standardInput = inputPipe ?? FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = error
        try process.run()
        if let input, let inputPipe {
            // Small inputs only: written whole before the output is read, then closed for EOF.
            try inputPipe.fileHandleForWriting.write(contentsOf: input)
            try inputPipe.fileHandleForWriting.close()
        }
        // Both pipes are drained before waiting, so a full pipe never blocks the child.
        let errorData = Locked<Data>(Data())
        let readerDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            errorData.withLock { $0 = error.fileHandleForReading.readDataToEndOfFile() }
            readerDone.signal()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        readerDone.wait()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData.withLock { $0 }, as: UTF8.self))
    }
}
