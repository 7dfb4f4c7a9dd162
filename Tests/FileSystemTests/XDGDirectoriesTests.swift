import FileSystem
import XCTest

/// An app's data and state directories as the XDG Base Directory specification places them.
final class XDGDirectoriesTests: XCTestCase {
    func testAnAbsoluteVariableWinsARelativeOneIsIgnoredAndEachAppHasItsOwn() {
        let home = ["HOME": "/home/ada"]
        XCTAssertEqual(XDGDirectories.data(app: "bistro", environment: home), "/home/ada/.local/share/bistro")
        XCTAssertEqual(XDGDirectories.state(app: "bistro", environment: home), "/home/ada/.local/state/bistro")
        XCTAssertEqual(
            XDGDirectories.data(app: "loyalty", environment: home.merging(["XDG_DATA_HOME": "/srv/data"]) { $1 }), "/srv/data/loyalty")
        XCTAssertEqual(
            XDGDirectories.state(app: "bistro", environment: home.merging(["XDG_STATE_HOME": "relative/state"]) { $1 }),
            "/home/ada/.local/state/bistro", "the specification ignores a relative path")
        XCTAssertEqual(XDGDirectories.directoryMode, 0o700)
    }
}
