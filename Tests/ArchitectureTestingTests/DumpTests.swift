import Architecture
import ArchitectureTesting
import XCTest

struct Profile: Equatable {
    enum Role: Equatable {
        case guest
        case member(since: Int)
        case admin(String, level: Int)
    }

    struct Row: Identifiable, Equatable {
        var id: Int
        var title: String
    }

    var name = "Ada"
    var nickname: String?
    var role = Role.guest
    var tags: [String] = []
    var scores: [String: Int] = [:]
    var rows: IdentifiedArrayOf<Row> = []
    var empty = Empty()

    struct Empty: Equatable {}

    /// An enum whose case carries a struct, as a screen's state often is.
    enum Screen: Equatable {
        case detail(Detail)
    }

    struct Detail: Equatable {
        var userID: String
    }
}

final class DumpTests: XCTestCase {
    func testAStructDumpsOneFieldPerLine() {
        XCTAssertEqual(
            customDump(Profile()),
            """
            Profile(
              name: "Ada",
              nickname: nil,
              role: .guest,
              tags: [],
              scores: [:],
              rows: [],
              empty: Profile.Empty()
            )
            """)
    }

    func testNestedValuesAreIndented() {
        var profile = Profile(nickname: "a", role: .admin("ops", level: 2), tags: ["x", "y"], scores: ["b": 2, "a": 1])
        profile.rows.append(Profile.Row(id: 7, title: "seven"))
        XCTAssertEqual(
            customDump(profile),
            """
            Profile(
              name: "Ada",
              nickname: "a",
              role: .admin("ops", level: 2),
              tags: [
                [0]: "x",
                [1]: "y"
              ],
              scores: [
                "a": 1,
                "b": 2
              ],
              rows: [
                [0]: Profile.Row(
                  id: 7,
                  title: "seven"
                )
              ],
              empty: Profile.Empty()
            )
            """)
    }

    func testAnEnumAtTheRootNamesItsType() {
        XCTAssertEqual(customDump(Profile.Role.member(since: 2020)), "Profile.Role.member(since: 2020)")
        XCTAssertEqual(customDump(Profile.Role.guest), "Profile.Role.guest")
        XCTAssertEqual(customDump(Optional<Int>.none as Any), "nil")
        XCTAssertEqual(customDump("quote \" me"), #""quote \" me""#)
    }

    func testAnEnumWithAStructPayloadBreaksLines() {
        XCTAssertEqual(
            customDump(Profile.Screen.detail(Profile.Detail(userID: "u"))),
            """
            Profile.Screen.detail(
              Profile.Detail(
                userID: "u"
              )
            )
            """)
    }

    func testTheDiffMarksRemovedAndAddedLines() {
        XCTAssertNil(diff("a\nb", "a\nb"))
        XCTAssertEqual(diff("a\nb\nc", "a\nB\nc"), "  a\n\u{2212} b\n+ B\n  c")
        XCTAssertEqual(diff("a", "a\nb"), "  a\n+ b")
    }
}
