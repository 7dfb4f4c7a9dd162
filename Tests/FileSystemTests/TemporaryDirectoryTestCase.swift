import Foundation
import XCTest

/// A test with a fresh directory of its own under the system's temporary directory, removed after it.
class TemporaryDirectoryTestCase: XCTestCase {
    private(set) var root: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        root = FileManager.default.temporaryDirectory.appendingPathComponent("FileSystemTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
        try super.tearDownWithError()
    }
}
