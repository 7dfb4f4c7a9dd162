import Architecture
import XCTest

enum Shape: Sendable, Equatable {
    case circle(radius: Int)
    case square(Int)
    case label(String)
    case other(Int)
    indirect case group(Shape)
    case empty
}

extension Shape {
    /// The explicit one-liner: no reflection, for hot paths.
    static let squarePath = CasePath<Shape, Int>(embed: Shape.square) { if case .square(let side) = $0 { side } else { nil } }
}

final class CasePathTests: XCTestCase {
    func testAReflectiveCasePathExtractsOnlyItsOwnCase() {
        let square = CasePath(Shape.square)
        XCTAssertEqual(square.extract(.square(3)), 3)
        XCTAssertNil(square.extract(.other(3)), "same payload type, another case")
        XCTAssertNil(square.extract(.label("3")))
        XCTAssertEqual(square.embed(4), .square(4))
    }

    func testAReflectiveCasePathHandlesLabelledAndIndirectCases() {
        XCTAssertEqual(CasePath(Shape.circle).extract(.circle(radius: 2)), 2)
        XCTAssertEqual(CasePath(Shape.group).extract(.group(.empty)), .empty)
        XCTAssertNil(CasePath(Shape.group).extract(.empty))
    }

    func testACaseWithoutPayloadHasAVoidCasePath() {
        let empty = CasePath(Shape.empty)
        XCTAssertNotNil(empty.extract(.empty))
        XCTAssertNil(empty.extract(.square(1)))
        XCTAssertEqual(empty.embed(()), .empty)
    }

    func testAnExplicitCasePathAndComposition() {
        XCTAssertEqual(Shape.squarePath.extract(.square(5)), 5)
        let groupedSquare = CasePath(Shape.group).appending(path: Shape.squarePath)
        XCTAssertEqual(groupedSquare.extract(.group(.square(7))), 7)
        XCTAssertNil(groupedSquare.extract(.square(7)))
        XCTAssertEqual(groupedSquare.embed(1), .group(.square(1)))
        var shape = Shape.square(1)
        XCTAssertTrue(Shape.squarePath.modify(&shape) { $0 += 1 })
        XCTAssertEqual(shape, .square(2))
        shape = .label("2")
        XCTAssertFalse(Shape.squarePath.modify(&shape) { _ in })
    }
}
