import Architecture
import ArchitectureTesting
import Dependencies
import XCTest

final class TestLibraryReporterTests: XCTestCase {
    func testTheTestLibrarysReporterIsFoundByNameWhenItIsLinked() {
        XCTAssertTrue(IssueReporting.defaultReporter is TestIssueReporter)
    }
}
