import Architecture
import ArchitectureTestSupport
import XCTest

// A port of the ReSwift middleware tutorial (ReSwiftAsyncMiddlewarePattern): actions are plain enums, reducers are pure
// functions composed from sub-reducers, each side effect is a middleware item that reacts to a
// `.request`, calls an injected service and dispatches `.success` or `.failure`.

// MARK: Models and service

struct User: Sendable, Equatable {
    let id: Int
    let name: String
}

struct Post: Sendable, Equatable {
    let id: Int
    let title: String
}

struct ServiceError: Error, Equatable {
    let message: String
}

protocol DataService: Sendable {
    func fetchUsers() async throws -> [User]
    func fetchPosts() async throws -> [Post]
    func createPost(title: String) async throws -> Post
}

// MARK: Actions

enum FetchUsers: Sendable, Equatable {
    case request
    case success(users: [User])
    case failure(error: ServiceError)
}

enum FetchPosts: Sendable, Equatable {
    case request
    case success(posts: [Post])
    case failure(error: ServiceError)
}

enum CreatePost: Sendable, Equatable {
    case request(title: String)
    case success(post: Post)
    case failure(error: ServiceError)
}

/// ReSwift dispatches any `Action`; a typed store takes one enum that wraps the tutorial's actions.
enum AppAction: Sendable, Equatable {
    case fetchUsers(FetchUsers)
    case fetchPosts(FetchPosts)
    case createPost(CreatePost)
}

// MARK: State and reducers

struct AppState: Sendable, Equatable {
    var users: [User] = []
    var posts: [Post] = []
}

func appReducer(action: AppAction, state: AppState?) -> AppState {
    AppState(
        users: usersReducer(action: action, state: state?.users),
        posts: postsReducer(action: action, state: state?.posts))
}

func usersReducer(action: AppAction, state: [User]?) -> [User] {
    let state = state ?? []
    guard case .fetchUsers(.success(let fetchedUsers)) = action else { return state }
    return fetchedUsers
}

func postsReducer(action: AppAction, state: [Post]?) -> [Post] {
    let state = state ?? []
    switch action {
    case .fetchPosts(.success(let posts)): return posts
    case .createPost(.success(let post)): return state + [post]
    default: return state
    }
}

/// The tutorial's pure reducer function as a store reducer.
let appReducerForStore = { @Sendable () in
    Reduce<AppState, AppAction> { state, action in
        state = appReducer(action: action, state: state)
        return .none
    }
}

// MARK: Side effects

func fetchUsers(dataService: DataService) -> MiddlewareItem<AppAction> {
    return { action, dispatch in
        guard case .fetchUsers(.request) = action else { return }
        Task {
            do {
                dispatch(.fetchUsers(.success(users: try await dataService.fetchUsers())))
            } catch {
                dispatch(.fetchUsers(.failure(error: error as? ServiceError ?? ServiceError(message: "\(error)"))))
            }
        }
    }
}

func fetchPosts(dataService: DataService) -> MiddlewareItem<AppAction> {
    return { action, dispatch in
        guard case .fetchPosts(.request) = action else { return }
        Task {
            do {
                dispatch(.fetchPosts(.success(posts: try await dataService.fetchPosts())))
            } catch {
                dispatch(.fetchPosts(.failure(error: error as? ServiceError ?? ServiceError(message: "\(error)"))))
            }
        }
    }
}

func createPost(dataService: DataService) -> MiddlewareItem<AppAction> {
    return { action, dispatch in
        guard case .createPost(.request(let title)) = action else { return }
        Task {
            do {
                dispatch(.createPost(.success(post: try await dataService.createPost(title: title))))
            } catch {
                dispatch(.createPost(.failure(error: error as? ServiceError ?? ServiceError(message: "\(error)"))))
            }
        }
    }
}

// MARK: Test doubles

struct StubDataService: DataService {
    var users: Result<[User], ServiceError> = .success([User(id: 1, name: "Ada")])
    var posts: Result<[Post], ServiceError> = .success([Post(id: 1, title: "Hello")])

    func fetchUsers() async throws -> [User] { try users.get() }
    func fetchPosts() async throws -> [Post] { try posts.get() }
    func createPost(title: String) async throws -> Post { Post(id: 99, title: title) }
}

/// A dispatch function that records what it is given; the test waits for the count it expects.
func recordingDispatch() -> (DispatchFunction<AppAction>, Recording<AppAction>) {
    let recording = Recording<AppAction>()
    return (DispatchFunction { recording.append($0) }, recording)
}

// MARK: Tests

final class SeedReSwiftPortTests: XCTestCase {
    func testTheAppReducerComposesItsSubReducers() {
        let users = [User(id: 1, name: "Ada")]
        XCTAssertEqual(appReducer(action: .fetchUsers(.request), state: nil), AppState())
        XCTAssertEqual(appReducer(action: .fetchUsers(.success(users: users)), state: nil).users, users)
        let state = AppState(users: users, posts: [Post(id: 1, title: "a")])
        XCTAssertEqual(
            appReducer(action: .createPost(.success(post: Post(id: 2, title: "b"))), state: state).posts,
            [Post(id: 1, title: "a"), Post(id: 2, title: "b")])
        XCTAssertEqual(appReducer(action: .fetchPosts(.failure(error: ServiceError(message: "x"))), state: state), state)
    }

    func testFetchUsersDispatchesSuccessWithTheServicesUsers() async {
        let (dispatch, dispatched) = recordingDispatch()
        fetchUsers(dataService: StubDataService())(.fetchUsers(.request), dispatch)
        await dispatched.wait(for: 1)
        XCTAssertEqual(dispatched.values, [.fetchUsers(.success(users: [User(id: 1, name: "Ada")]))])
    }

    func testFetchUsersDispatchesFailureWhenTheServiceFails() async {
        let (dispatch, dispatched) = recordingDispatch()
        let service = StubDataService(users: .failure(ServiceError(message: "offline")))
        fetchUsers(dataService: service)(.fetchUsers(.request), dispatch)
        await dispatched.wait(for: 1)
        XCTAssertEqual(dispatched.values, [.fetchUsers(.failure(error: ServiceError(message: "offline")))])
    }

    func testItemsIgnoreActionsTheyDoNotHandle() async {
        let (dispatch, dispatched) = recordingDispatch()
        let items = [fetchUsers(dataService: StubDataService()), fetchPosts(dataService: StubDataService())]
        for action: AppAction in [.fetchUsers(.success(users: [])), .createPost(.request(title: "t"))] {
            for item in items { item(action, dispatch) }
        }
        // A request the posts item handles, so there is something to wait for; nothing else arrives.
        items[1](.fetchPosts(.request), dispatch)
        await dispatched.wait(for: 1)
        XCTAssertEqual(dispatched.values, [.fetchPosts(.success(posts: [Post(id: 1, title: "Hello")]))])
    }

    func testTheStoreBuiltFromReducerStateAndMiddleware() async {
        let service = StubDataService()
        let sideEffects = [
            fetchUsers(dataService: service),
            fetchPosts(dataService: service),
            createPost(dataService: service),
        ]
        let middleware: Middleware<AppState, AppAction> = createMiddleware(items: sideEffects)
        let store = Store(
            initialState: appReducer(action: .fetchUsers(.request), state: nil),
            reducer: appReducerForStore(), middleware: [middleware])
        let states = Recording<AppState>()
        let subscription = store.states.subscribe(onNext: { states.append($0) })
        store.send(.fetchUsers(.request))
        store.send(.createPost(.request(title: "First")))
        await states.wait(for: 3)
        subscription.dispose()
        XCTAssertEqual(store.state.users, [User(id: 1, name: "Ada")])
        XCTAssertEqual(store.state.posts, [Post(id: 99, title: "First")])
    }
}
