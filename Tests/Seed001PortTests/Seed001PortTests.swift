import Dispatch
import Foundation
import ReSwiftCompatibility
import XCTest

/// The tutorial's claims, checked: reducers are pure functions, a side effect is tested with a stub
/// service and a recording dispatch, and the store built as the tutorial's app delegate builds it
/// fetches users through its middleware.
final class Seed001PortTests: XCTestCase {
    private let alice = User(id: 1, name: "Alice")
    private let bob = User(id: 2, name: "Bob")

    // MARK: Reducers, as pure functions

    func testTheAppReducerStartsWithNothing() {
        let state = appReducer(action: ReSwiftInit(), state: nil)
        XCTAssertTrue(state.users.isEmpty)
        XCTAssertTrue(state.posts.isEmpty)
    }

    func testFetchedUsersReplaceTheUsers() {
        let state = usersReducer(action: FetchUsers.success(users: [alice, bob]), state: [bob])
        XCTAssertEqual(state.map(\.name), ["Alice", "Bob"])
    }

    func testARequestOrAFailureLeavesTheUsers() {
        XCTAssertEqual(usersReducer(action: FetchUsers.request, state: [bob]).map(\.name), ["Bob"])
        XCTAssertEqual(usersReducer(action: FetchUsers.failure(error: ServiceError.offline), state: [bob]).map(\.name), ["Bob"])
    }

    func testEachPartOfTheStateHasItsOwnReducer() {
        let posts = [Post(id: 7, userId: 1, title: "Hello")]
        let state = appReducer(action: FetchPosts.success(posts: posts), state: AppState(users: [alice], posts: []))
        XCTAssertEqual(state.users.map(\.name), ["Alice"])
        XCTAssertEqual(state.posts.map(\.title), ["Hello"])
    }

    // MARK: A side effect, with a stub service and a recording dispatch

    func testARequestCallsTheServiceAndDispatchesTheUsers() {
        let service = StubDataService()
        let dispatched = DispatchRecorder()
        let item = fetchUsers(dataService: service)

        item(FetchUsers.request, dispatched.dispatch)
        XCTAssertEqual(service.userRequests, 1)
        XCTAssertTrue(dispatched.actions.isEmpty)

        service.users.fulfill([alice])
        guard case .success(let users)? = dispatched.actions.first as? FetchUsers else {
            return XCTFail("dispatched \(dispatched.actions)")
        }
        XCTAssertEqual(users.map(\.name), ["Alice"])
        XCTAssertEqual(dispatched.actions.count, 1)
    }

    func testAFailedRequestDispatchesTheError() {
        let service = StubDataService()
        let dispatched = DispatchRecorder()

        fetchUsers(dataService: service)(FetchUsers.request, dispatched.dispatch)
        service.users.reject(ServiceError.offline)

        guard case .failure(let error)? = dispatched.actions.first as? FetchUsers else {
            return XCTFail("dispatched \(dispatched.actions)")
        }
        XCTAssertEqual(error as? ServiceError, .offline)
    }

    func testTheSideEffectIgnoresOtherActions() {
        let service = StubDataService()
        let dispatched = DispatchRecorder()
        let item = fetchUsers(dataService: service)

        item(FetchUsers.success(users: []), dispatched.dispatch)
        item(FetchPosts.request, dispatched.dispatch)

        XCTAssertEqual(service.userRequests, 0)
        XCTAssertTrue(dispatched.actions.isEmpty)
    }

    // MARK: The store, as the tutorial's app delegate builds it

    func testTheStoreFetchesUsersThroughItsMiddleware() {
        let service = StubDataService()
        let sideEffects = [fetchUsers(dataService: service), fetchPosts(dataService: service)]
        let middleware = createMiddleware(items: sideEffects)
        let store = Store<AppState>(reducer: appReducer, state: nil, middleware: [middleware])
        let subscriber = StateRecorder()
        store.subscribe(subscriber)

        store.dispatch(FetchUsers.request)
        XCTAssertEqual(service.userRequests, 1)
        XCTAssertTrue(store.state.users.isEmpty)

        service.users.fulfill([alice, bob])

        XCTAssertEqual(store.state.users.map(\.name), ["Alice", "Bob"])
        XCTAssertEqual(subscriber.states.map { $0.users.count }, [0, 0, 2])
        XCTAssertEqual(service.postRequests, 0)
    }

    func testUsersFetchedOnAnotherThreadReachTheSubscriber() {
        let arrived = expectation(description: "the fetched users reach the subscriber")
        let service = BackgroundDataService(users: [alice])
        let store = Store<AppState>(
            reducer: appReducer, state: nil, middleware: [createMiddleware(items: [fetchUsers(dataService: service)])])
        let subscriber = StateRecorder { state in
            if !state.users.isEmpty { arrived.fulfill() }
        }
        store.subscribe(subscriber)

        store.dispatch(FetchUsers.request)

        wait(for: [arrived], timeout: 5)
        XCTAssertEqual(store.state.users.map(\.name), ["Alice"])
    }
}

enum ServiceError: Error, Equatable {
    case offline
}

/// A data service whose answers the test gives by hand.
final class StubDataService: DataService {
    let users = Pending<[User]>()
    let posts = Pending<[Post]>()
    private(set) var userRequests = 0
    private(set) var postRequests = 0

    func fetchUsers() -> Promise<[User]> {
        userRequests += 1
        return users.promise
    }

    func fetchPosts() -> Promise<[Post]> {
        postRequests += 1
        return posts.promise
    }
}

/// A promise and the two functions that settle it.
final class Pending<Value: Sendable> {
    private(set) var promise: Promise<Value>!
    private(set) var fulfill: @Sendable (Value) -> Void = { _ in }
    private(set) var reject: @Sendable (Error) -> Void = { _ in }

    init() {
        promise = Promise { fulfill, reject in
            self.fulfill = fulfill
            self.reject = reject
        }
    }
}

/// A data service that answers from a background queue, as a network client would.
struct BackgroundDataService: DataService {
    let users: [User]

    func fetchUsers() -> Promise<[User]> {
        Promise { fulfill, _ in
            DispatchQueue.global().async { [users] in fulfill(users) }
        }
    }

    func fetchPosts() -> Promise<[Post]> {
        Promise { fulfill, _ in fulfill([]) }
    }
}

/// A dispatch function that keeps what it is given.
final class DispatchRecorder: @unchecked Sendable {
    // @unchecked Sendable: `kept` is only touched under `lock`.
    private let lock = NSLock()
    private var kept: [Action] = []

    var actions: [Action] {
        lock.withLock { kept }
    }

    var dispatch: DispatchFunction {
        { action in self.lock.withLock { self.kept.append(action) } }
    }
}

/// A subscriber that keeps every state, and may react to each.
final class StateRecorder: StoreSubscriber {
    private(set) var states: [AppState] = []
    private let onState: (AppState) -> Void

    init(onState: @escaping (AppState) -> Void = { _ in }) {
        self.onState = onState
    }

    func newState(state: AppState) {
        states.append(state)
        onState(state)
    }
}
