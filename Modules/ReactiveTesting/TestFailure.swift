import Testing
import XCTest

/// Fails the running test at a source location with whichever library runs it: Swift Testing's
/// `Issue.record` in a Swift Testing test (where `XCTFail` would be lost), `XCTFail` in an XCTest
/// test. ReactiveTesting's assertions and ArchitectureTesting's issue reporter both fail tests
/// through it.
package enum TestFailure {
    /// Records `message` as a failure at the given location. Without a `fileID` (XCTest-style
    /// callers pass only `#filePath`), the file is taken to be in the running test's module.
    package static func record(_ message: String, fileID: String? = nil, filePath: StaticString, line: UInt, column: UInt = 1) {
        if Test.current != nil || isSwiftTestingRun {
            let path = "\(filePath)"
            let fileName = path.split(separator: "/").last.map(String.init) ?? path
            let module = Test.current?.sourceLocation.moduleName ?? "Tests"
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(
                    fileID: fileID ?? "\(module)/\(fileName)", filePath: path, line: Int(line), column: Int(column)))
        } else {
            XCTFail(message, file: filePath, line: line)
        }
    }

    /// Whether this is the Swift Testing pass of `swift test`, where XCTest has no current test: a
    /// failure raised outside a test's task (work on another thread) still goes to Swift Testing.
    private static let isSwiftTestingRun: Bool = {
        let arguments = CommandLine.arguments
        guard let index = arguments.firstIndex(of: "--testing-library"), index + 1 < arguments.count else { return false }
        return arguments[index + 1] == "swift-testing"
    }()
}
