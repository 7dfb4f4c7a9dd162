// The code of Architecture's getting-started article (Modules/Architecture/Architecture.docc/GettingStarted.md), which
// quotes it, and the test of what the article says it does.
import Architecture
import ArchitectureTesting
import Dependencies
import Reactive
import XCTest

struct KitchenClient: Sendable {
    /// Sends the order to the kitchen; answers its number.
    var placeOrder: @Sendable (_ dishes: [String]) async throws -> Int
}

extension KitchenClient: DependencyKey {
    static var liveValue: KitchenClient { KitchenClient(placeOrder: unimplemented("KitchenClient.placeOrder")) }
    static var testValue: KitchenClient { KitchenClient(placeOrder: unimplemented("KitchenClient.placeOrder")) }
}

extension DependencyValues {
    var kitchen: KitchenClient {
        get { self[KitchenClient.self] }
        set { self[KitchenClient.self] = newValue }
    }
}

struct Order: Reducer {
    struct State: Equatable, Sendable {
        var dishes: [String] = []
        var number: Int?
        var failure: String?
    }

    enum Action: Equatable, Sendable {
        case add(String)
        case place
        case placed(Int)
        case failed(String)
    }

    @Dependency(\.kitchen) var kitchen

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .add(let dish):
            state.dishes.append(dish)
            return .none
        case .place:
            let dishes = state.dishes
            return .run { send in
                send(.placed(try await kitchen.placeOrder(dishes)))
            } catch: { error, send in
                send(.failed("\(error)"))
            }
        case .placed(let number):
            state.number = number
            state.dishes = []
            return .none
        case .failed(let message):
            state.failure = message
            return .none
        }
    }
}

func makeOrderStore(kitchen: KitchenClient) -> Store<Order.State, Order.Action> {
    Store(initialState: Order.State()) {
        Order()
    } withDependencies: {
        $0.kitchen = kitchen
    }
}

func showOrders(of store: Store<Order.State, Order.Action>, bag: DisposeBag, show: @escaping (Order.State) -> Void) {
    store.states
        .observe(on: MainScheduler.instance)
        .subscribe(onNext: show)
        .disposed(by: bag)
    store.send(.add("김밥"))
}

func logging(_ lines: @escaping @Sendable (String) -> Void) -> MiddlewareItem<Order.Action> {
    { action, _ in lines("\(action)") }
}

func makeLoggedStore(lines: @escaping @Sendable (String) -> Void) -> Store<Order.State, Order.Action> {
    Store(initialState: Order.State(), reducer: Order(), middleware: [createMiddleware(items: [logging(lines)])])
}

func testPlacingAnOrder() async {
    let store = TestStore(initialState: Order.State(dishes: ["김밥"])) {
        Order()
    } withDependencies: {
        $0.kitchen.placeOrder = { _ in 7 }
    }
    await store.send(.place)
    await store.receive(.placed(7)) {
        $0.number = 7
        $0.dishes = []
    }
}

final class ArchitectureGettingStartedTests: XCTestCase {
    func testTheArticlesTest() async {
        await testPlacingAnOrder()
    }

    func testAFailedOrderIsShown() async {
        struct KitchenClosed: Error {}
        let store = TestStore(initialState: Order.State(dishes: ["김밥"])) {
            Order()
        } withDependencies: {
            $0.kitchen.placeOrder = { _ in throw KitchenClosed() }
        }
        await store.send(.place)
        await store.receive(.failed("KitchenClosed()")) {
            $0.failure = "KitchenClosed()"
        }
    }

    func testTheScreenFollowsTheStore() {
        let store = makeOrderStore(kitchen: KitchenClient(placeOrder: { _ in 1 }))
        let bag = DisposeBag()
        let shown = expectation(description: "the added dish is shown")
        showOrders(of: store, bag: bag) { state in
            if state.dishes == ["김밥"] { shown.fulfill() }
        }
        wait(for: [shown], timeout: 10)
    }

    func testTheMiddlewareSeesEachActionBeforeTheReducer() {
        let lines = Locked<[String]>([])
        let store = makeLoggedStore { line in lines.withLock { $0.append(line) } }
        store.send(.add("김밥"))
        XCTAssertEqual(lines.withLock { $0 }, [#"add("김밥")"#])
        XCTAssertEqual(store.state.dishes, ["김밥"])
    }
}
