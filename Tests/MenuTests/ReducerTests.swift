import Architecture
import Foundation
import Menu
import MenuInterface
import XCTest

/// The reducers as pure functions (the ReSwift middleware tutorial): an action and a state in, a state out.
final class ReducerTests: XCTestCase {
    private let receipt = Receipt(
        orderID: 1, placedAt: Date(timeIntervalSinceReferenceDate: 0),
        order: try! Order(menus: selecting([1: 2]))
    )

    func testNoStateIsTheInitialState() {
        XCTAssertEqual(MenuReducer.menu(action: .fetchMenu(.request), state: nil), MenuState())
        XCTAssertEqual(MenuReducer.catalog(action: .placeOrder(.failure(error: .noOrders)), state: nil), CatalogState())
        XCTAssertEqual(MenuReducer.ordering(action: .fetchMenu(.success(menus: sampleMenus)), state: nil), OrderingState())
    }

    func testASuccessReplacesTheCatalogAndARequestChangesNothing() {
        let loaded = MenuReducer.catalog(action: .fetchMenu(.success(menus: sampleMenus)), state: nil)
        XCTAssertEqual(loaded, CatalogState(menus: sampleMenus))
        XCTAssertEqual(MenuReducer.catalog(action: .fetchMenu(.request), state: loaded), loaded)
        XCTAssertEqual(MenuReducer.catalog(action: .fetchMenu(.success(menus: [])), state: loaded), CatalogState())
    }

    func testEachFailureIsNumberedSoThatEqualErrorsAreStillTwoFailures() {
        let error = MenuError.catalogUnavailable(reason: "offline")
        let once = MenuReducer.catalog(action: .fetchMenu(.failure(error: error)), state: CatalogState(menus: sampleMenus))
        XCTAssertEqual(once, CatalogState(menus: sampleMenus, failure: MenuFailure(number: 1, error: error)))
        let twice = MenuReducer.catalog(action: .fetchMenu(.failure(error: error)), state: once)
        XCTAssertEqual(twice.failure, MenuFailure(number: 2, error: error))
        XCTAssertNotEqual(once, twice)
    }

    func testAnOrderIsInFlightFromItsRequestToItsOutcome() throws {
        let order = try Order(menus: selecting([1: 2]))
        let requested = MenuReducer.ordering(action: .placeOrder(.request(order)), state: nil)
        XCTAssertEqual(requested, OrderingState(isOrdering: true))
        let placed = MenuReducer.ordering(action: .placeOrder(.success(receipt: receipt)), state: requested)
        XCTAssertEqual(placed, OrderingState(isOrdering: false, receipt: receipt))
        let failed = MenuReducer.ordering(action: .placeOrder(.failure(error: .staleOrder(menuID: 1))), state: requested)
        XCTAssertEqual(failed, OrderingState(isOrdering: false, failure: MenuFailure(number: 1, error: .staleOrder(menuID: 1))))
    }

    func testTheMenuReducerComposesItsSubReducers() throws {
        let state = MenuState(catalog: CatalogState(menus: sampleMenus), ordering: OrderingState(receipt: receipt))
        // Each part changes only for its own actions.
        let refetched = MenuReducer.menu(action: .fetchMenu(.success(menus: [sampleMenus[0]])), state: state)
        XCTAssertEqual(refetched, MenuState(catalog: CatalogState(menus: [sampleMenus[0]]), ordering: state.ordering))
        let ordering = MenuReducer.menu(action: .placeOrder(.request(try Order(menus: selecting([2: 1])))), state: state)
        XCTAssertEqual(ordering, MenuState(catalog: state.catalog, ordering: OrderingState(isOrdering: true, receipt: receipt)))
        // The same action and state always give the same state.
        XCTAssertEqual(
            MenuReducer.menu(action: .fetchMenu(.request), state: state), MenuReducer.menu(action: .fetchMenu(.request), state: state))
    }

    func testTheStoreReducerRunsThePureFunctionAndStartsNoEffect() {
        var state = MenuState()
        let effect = MenuReducer().reduce(into: &state, action: .fetchMenu(.success(menus: sampleMenus)))
        XCTAssertEqual(state, MenuReducer.menu(action: .fetchMenu(.success(menus: sampleMenus)), state: MenuState()))
        XCTAssertTrue(effect.isNone)
    }
}
