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

    func testAFailureKeepsTheCatalogAndIsTheAlertUntilItsOK() {
        let error = MenuError.catalogUnavailable(reason: "offline.")
        let failed = MenuReducer.menu(
            action: .fetchMenu(.failure(error: error)), state: MenuState(catalog: CatalogState(menus: sampleMenus)))
        let alert = MenuAlert(title: "Menu Fail", message: "The menu could not be loaded: offline.")
        XCTAssertEqual(failed, MenuState(catalog: CatalogState(menus: sampleMenus), alert: alert))
        // The same failure while its alert is shown is that alert: the state does not change.
        XCTAssertEqual(MenuReducer.menu(action: .fetchMenu(.failure(error: error)), state: failed), failed)
        XCTAssertEqual(MenuReducer.menu(action: .fetchMenu(.request), state: failed), failed)
        let dismissed = MenuReducer.menu(action: .alert(.dismiss), state: failed)
        XCTAssertEqual(dismissed, MenuState(catalog: CatalogState(menus: sampleMenus)))
        XCTAssertEqual(MenuReducer.menu(action: .fetchMenu(.failure(error: error)), state: dismissed), failed)
    }

    func testOrdersAndTheViewModelsRefusalsReplaceTheAlert() throws {
        let shown = MenuAlert(title: "Menu Fail", message: "The menu could not be loaded: offline.")
        XCTAssertEqual(
            MenuReducer.alert(action: .placeOrder(.success(receipt: receipt)), state: shown),
            MenuAlert(title: "Order Placed", message: "Order 1: ₩8,000"))
        XCTAssertEqual(
            MenuReducer.alert(action: .placeOrder(.failure(error: .staleOrder(menuID: 1))), state: shown),
            MenuAlert(title: "Order Fail", message: "The menu changed; please check your order."))
        let refused = MenuAlert(title: "Count Fail", message: "That count is too large.")
        XCTAssertEqual(MenuReducer.alert(action: .alert(.present(refused)), state: shown), refused)
        XCTAssertEqual(MenuReducer.alert(action: .placeOrder(.request(try Order(menus: selecting([1: 1])))), state: shown), shown)
        XCTAssertEqual(MenuReducer.alert(action: .fetchMenu(.success(menus: [])), state: shown), shown)
        XCTAssertNil(MenuReducer.alert(action: .alert(.dismiss), state: nil))
    }

    func testAnOrderIsInFlightFromItsRequestToItsOutcome() throws {
        let order = try Order(menus: selecting([1: 2]))
        let requested = MenuReducer.ordering(action: .placeOrder(.request(order)), state: nil)
        XCTAssertEqual(requested, OrderingState(isOrdering: true))
        let placed = MenuReducer.ordering(action: .placeOrder(.success(receipt: receipt)), state: requested)
        XCTAssertEqual(placed, OrderingState(isOrdering: false, receipt: receipt))
        let failed = MenuReducer.ordering(action: .placeOrder(.failure(error: .staleOrder(menuID: 1))), state: requested)
        XCTAssertEqual(failed, OrderingState(isOrdering: false))
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
