import Foundation
import XCTest

/// A fresh directory under the system's temporary directory, removed when the test ends.
func makeTemporaryDirectory(for testCase: XCTestCase) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "PersistenceTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    testCase.addTeardownBlock {
        try? FileManager.default.removeItem(at: directory)
    }
    return directory
}
