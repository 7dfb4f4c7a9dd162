import Foundation
import XCTest

/// `persistence-crash-writer` (Apps/PersistenceCrashWriter), built beside the test bundle (the test
/// target depends on it): the other process of the crash and external-change tests.
func crashWriterExecutable() throws -> URL {
    let name = "persistence-crash-writer"
    let candidates = [
        Bundle.main.bundleURL,
        Bundle(for: CrashTests.self).bundleURL,
        Bundle(for: CrashTests.self).bundleURL.deletingLastPathComponent(),
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        // Tests/PersistenceTests/Support/CrashWriter.swift -> <package>/.build/debug
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug"),
    ].map { $0.appendingPathComponent(name) }
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
        throw XCTSkip("\(name) not found; build it with `swift build --product \(name)`. Looked at: \(candidates.map(\.path))")
    }
    return found
}
