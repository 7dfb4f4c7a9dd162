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
        XCTAssertEqual(menuReducer(action: .fetchMenu(.request), state: nil), MenuState())
        XCTAssertEqual(catalogReducer(action: .placeOrder(.failure(error: .noOrders)), state: nil), CatalogState())
        XCTAssertEqual(orderingReducer(action: .fetchMenu(.success(menus: sampleMenus)), state: nil), OrderingState())
    }

    func testASuccessReplacesTheCatalogAndARequestChangesNothing() {
        let loaded = catalogReducer(action: .fetchMenu(.success(menus: sampleMenus)), state: nil)
        XCTAssertEqual(loaded, CatalogState(menus: sampleMenus))
        XCTAssertEqual(catalogReducer(action: .fetchMenu(.request), state: loaded), loaded)
        XCTAssertEqual(catalogReducer(action: .fetchMenu(.success(menus: [])), state: loaded), CatalogState())
    }

    func testEachFailureIsNumberedSoThatEqualErrorsAreStillTwoFailures() {
        let error = MenuError.catalogUnavailable(reason: "offline")
        let once = catalogReducer(action: .fetchMenu(.failure(error: error)), state: CatalogState(menus: sampleMenus))
        XCTAssertEqual(once, CatalogState(menus: sampleMenus, failure: MenuFailure(number: 1, error: error)))
        let twice = catalogReducer(action: .fetchMenu(.failure(error: error)), state: once)
        XCTAssertEqual(twice.failure, MenuFailure(number: 2, error: error))
        XCTAssertNotEqual(once, twice)
    }

    func testAnOrderIsInFlightFromItsRequestToItsOutcome() throws {
        let order = try Order(menus: selecting([1: 2]))
        let requested = orderingReducer(action: .placeOrder(.request(order)), state: nil)
        XCTAssertEqual(requested, OrderingState(isOrdering: true))
        let placed = orderingReducer(action: .placeOrder(.success(receipt: receipt)), state: requested)
        XCTAssertEqual(placed, OrderingState(isOrdering: false, receipt: receipt))
        let failed = orderingReducer(action: .placeOrder(.failure(error: .staleOrder(menuID: 1))), state: requested)
        XCTAssertEqual(failed, OrderingState(isOrdering: false, failure: MenuFailure(number: 1, error: .staleOrder(menuID: 1))))
    }

    func testTheMenuReducerComposesItsSubReducers() throws {
        let state = MenuState(catalog: CatalogState(menus: sampleMenus), ordering: OrderingState(receipt: receipt))
        // Each part changes only for its own actions.
        let refetched = menuReducer(action: .fetchMenu(.success(menus: [sampleMenus[0]])), state: state)
        XCTAssertEqual(refetched, MenuState(catalog: CatalogState(menus: [sampleMenus[0]]), ordering: state.ordering))
        let ordering = menuReducer(action: .placeOrder(.request(try Order(menus: selecting([2: 1])))), state: state)
        XCTAssertEqual(ordering, MenuState(catalog: state.catalog, ordering: OrderingState(isOrdering: true, receipt: receipt)))
        // The same action and state always give the same state.
        XCTAssertEqual(menuReducer(action: .fetchMenu(.request), state: state), menuReducer(action: .fetchMenu(.request), state: state))
    }

    func testTheStoreReducerRunsThePureFunctionAndStartsNoEffect() {
        var state = MenuState()
        let effect = MenuReducer().reduce(into: &state, action: .fetchMenu(.success(menus: sampleMenus)))
        XCTAssertEqual(state, menuReducer(action: .fetchMenu(.success(menus: sampleMenus)), state: MenuState()))
        XCTAssertTrue(effect.isNone)
    }
}
