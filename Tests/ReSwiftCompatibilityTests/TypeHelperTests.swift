// Parity tests: ReSwift's type helper tests (ReSwift/ReSwift, ReSwiftTests/TypeHelperTests.swift), re-expressed.
// ReSwift test cases covered: testSourceTypeCasting, testCallsIfSourceTypeIsNil, testDoesntCallIfCastFails.
import XCTest

@testable import ReSwiftCompatibility

struct AppState1 {}
struct AppState2 {}

final class TypeHelperTests: XCTestCase {
    /// The function is called when the state has the type it takes.
    func testSourceTypeCasting() {
        var called = false
        let reducerFunction: (Action, AppState1?) -> AppState1 = { _, state in
            called = true
            return state ?? AppState1()
        }
        withSpecificTypes(NoOpAction(), state: AppState1(), function: reducerFunction)
        XCTAssertTrue(called)
    }

    /// The function is called when there is no state.
    func testCallsIfSourceTypeIsNil() {
        var called = false
        let reducerFunction: (Action, AppState1?) -> AppState1 = { _, state in
            called = true
            return state ?? AppState1()
        }
        withSpecificTypes(NoOpAction(), state: nil, function: reducerFunction)
        XCTAssertTrue(called)
    }

    /// The function is not called when the state has another type.
    func testDoesntCallIfCastFails() {
        var called = false
        let reducerFunction: (Action, AppState1?) -> AppState1 = { _, state in
            called = true
            return state ?? AppState1()
        }
        withSpecificTypes(NoOpAction(), state: AppState2(), function: reducerFunction)
        XCTAssertFalse(called)
    }
}
