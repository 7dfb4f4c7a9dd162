import Architecture
import Foundation
import Menu
import MenuInterface
import Reactive
import XCTest

/// The ReSwift middleware tutorial's pattern for the menu's side effects: each middleware item is called with an action and
/// a recording dispatch, against a stub service; what it dispatched is compared.
final class MiddlewareTests: XCTestCase {
    /// A dispatch function that records what it is given.
    private func recordingDispatch() -> (DispatchFunction<MenuAction>, Recording<MenuAction>) {
        let recording = Recording<MenuAction>()
        return (DispatchFunction { recording.append($0) }, recording)
    }

    // MARK: MenuMiddleware.fetchMenu(service:)

    func testFetchMenuDispatchesSuccessWithTheServicesCatalog() {
        let (dispatch, dispatched) = recordingDispatch()
        MenuMiddleware.fetchMenu(service: StubMenuService(.next(sampleMenus)))(.fetchMenu(.request), dispatch)
        XCTAssertEqual(dispatched.all, [.fetchMenu(.success(menus: sampleMenus))])
    }

    func testFetchMenuDispatchesFailureWithTheTypedError() {
        let (dispatch, dispatched) = recordingDispatch()
        let error = MenuError.invalidCatalog(.duplicateID(2))
        MenuMiddleware.fetchMenu(service: StubMenuService(.error(error)))(.fetchMenu(.request), dispatch)
        XCTAssertEqual(dispatched.all, [.fetchMenu(.failure(error: error))])
    }

    func testAnErrorOfAnotherKindBecomesUnknownAndAFailingStreamIsAFailureToo() {
        struct Other: Error {}
        let (dispatch, dispatched) = recordingDispatch()
        MenuMiddleware.fetchMenu(service: StubMenuService(.error(Other())))(.fetchMenu(.request), dispatch)
        let failing = StubMenuService()
        failing.events.onError(Other())
        MenuMiddleware.fetchMenu(service: failing)(.fetchMenu(.request), dispatch)
        XCTAssertEqual(dispatched.all, [.fetchMenu(.failure(error: .unknown)), .fetchMenu(.failure(error: .unknown))])
    }

    func testEveryLaterCatalogAndFailureIsDispatchedAsTheStoredCatalogChanges() {
        let (dispatch, dispatched) = recordingDispatch()
        let service = StubMenuService(.next([]))
        // The observation lives as long as the item, as it does inside a store.
        let item = MenuMiddleware.fetchMenu(service: service)
        item(.fetchMenu(.request), dispatch)
        service.events.onNext(.next(sampleMenus))
        service.events.onNext(.error(MenuError.catalogUnavailable(reason: "offline")))
        service.events.onNext(.next([sampleMenus[0]]))
        service.events.onNext(.completed)
        XCTAssertEqual(
            dispatched.all,
            [
                .fetchMenu(.success(menus: [])),
                .fetchMenu(.success(menus: sampleMenus)),
                .fetchMenu(.failure(error: .catalogUnavailable(reason: "offline"))),
                .fetchMenu(.success(menus: [sampleMenus[0]])),
            ])
        withExtendedLifetime(item) {}
    }

    func testANewRequestReplacesTheObservationAndTheItemEndsItWhenReleased() {
        let (dispatch, dispatched) = recordingDispatch()
        let service = StubMenuService(.next([]))
        var item: MiddlewareItem<MenuAction>? = MenuMiddleware.fetchMenu(service: service)
        item?(.fetchMenu(.request), dispatch)
        item?(.fetchMenu(.request), dispatch)
        XCTAssertEqual(service.subscriptionCount, 2)
        service.events.onNext(.next(sampleMenus))
        // Two requests, one observation: the second change is dispatched once.
        XCTAssertEqual(dispatched.all.count, 3)
        item = nil
        XCTAssertFalse(service.events.hasObservers)
        service.events.onNext(.next([]))
        XCTAssertEqual(dispatched.all.count, 3)
    }

    // MARK: MenuMiddleware.placeOrder(service:)

    func testPlaceOrderDispatchesSuccessWithTheReceipt() throws {
        let (dispatch, dispatched) = recordingDispatch()
        let service = StubOrderService()
        let order = try Order(menus: selecting([1: 2, 4: 1]))
        MenuMiddleware.placeOrder(service: service)(.placeOrder(.request(order)), dispatch)
        XCTAssertEqual(service.received, [order])
        XCTAssertEqual(
            dispatched.all,
            [
                .placeOrder(.success(receipt: Receipt(orderID: 1, placedAt: Date(timeIntervalSinceReferenceDate: 0), order: order)))
            ])
    }

    func testPlaceOrderDispatchesFailureWithTheTypedError() throws {
        let (dispatch, dispatched) = recordingDispatch()
        let order = try Order(menus: selecting([3: 1]))
        MenuMiddleware.placeOrder(service: StubOrderService(result: .failure(.staleOrder(menuID: 3))))(
            .placeOrder(.request(order)), dispatch)
        XCTAssertEqual(dispatched.all, [.placeOrder(.failure(error: .staleOrder(menuID: 3)))])
    }

    // MARK: Both

    func testItemsIgnoreActionsTheyDoNotHandle() throws {
        let (dispatch, dispatched) = recordingDispatch()
        let menuService = StubMenuService()
        let orderService = StubOrderService()
        let items = [MenuMiddleware.fetchMenu(service: menuService), MenuMiddleware.placeOrder(service: orderService)]
        let receipt = Receipt(orderID: 1, placedAt: Date(), order: try Order(menus: selecting([1: 1])))
        let others: [MenuAction] = [
            .fetchMenu(.success(menus: sampleMenus)), .fetchMenu(.failure(error: .unknown)),
            .placeOrder(.success(receipt: receipt)), .placeOrder(.failure(error: .noOrders)),
        ]
        for action in others {
            for item in items { item(action, dispatch) }
        }
        XCTAssertEqual(dispatched.all, [])
        XCTAssertEqual(menuService.subscriptionCount, 0)
        XCTAssertEqual(orderService.received, [])
    }

    func testTheStoreBuiltFromReducerStateAndMiddleware() throws {
        let orderService = StubOrderService()
        let middleware: Middleware<MenuState, MenuAction> = createMiddleware(items: [
            MenuMiddleware.fetchMenu(service: StubMenuService()),
            MenuMiddleware.placeOrder(service: orderService),
        ])
        let store = Store(
            initialState: MenuReducer.menu(action: .fetchMenu(.request), state: nil), reducer: MenuReducer(), middleware: [middleware])
        let states = Recording<MenuState>()
        let subscription = store.states.subscribe(onNext: { states.append($0) })
        defer { subscription.dispose() }

        store.send(.fetchMenu(.request))
        let order = try Order(menus: selecting([2: 3]))
        store.send(.placeOrder(.request(order)))

        // The stub services answer at once; the store processed each request, then what the items dispatched.
        let receipt = Receipt(orderID: 1, placedAt: Date(timeIntervalSinceReferenceDate: 0), order: order)
        let placed = MenuAlert(title: "Order Placed", message: "Order 1: ₩10,500")
        XCTAssertEqual(
            states.all,
            [
                MenuState(),
                MenuState(catalog: CatalogState(menus: sampleMenus)),
                MenuState(catalog: CatalogState(menus: sampleMenus), ordering: OrderingState(isOrdering: true)),
                MenuState(catalog: CatalogState(menus: sampleMenus), ordering: OrderingState(receipt: receipt), alert: placed),
            ])
        XCTAssertEqual(
            store.state, MenuState(catalog: CatalogState(menus: sampleMenus), ordering: OrderingState(receipt: receipt), alert: placed))
    }

    func testTheFeaturesStoreInstallsBothItems() throws {
        let orderService = StubOrderService(result: .failure(.storage(reason: "disk full")))
        let store = MenuFeature.makeStore(menuService: StubMenuService(), orderService: orderService)
        store.send(.fetchMenu(.request))
        store.send(.placeOrder(.request(try Order(menus: selecting([1: 1])))))
        XCTAssertEqual(store.state.catalog.menus, sampleMenus)
        XCTAssertEqual(store.state.ordering, OrderingState())
        XCTAssertEqual(store.state.alert, MenuAlert(title: "Order Fail", message: "The menu's storage failed: disk full"))
    }
}
