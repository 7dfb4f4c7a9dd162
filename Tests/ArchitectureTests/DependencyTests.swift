import Architecture
import ArchitectureTestSupport
import Dependencies
import TestSupport
import Testing
import XCTest

struct NumberClient: Sendable {
    var fetch: @Sendable (Int) async throws -> Int
    var name: @Sendable () -> String
}

extension NumberClient: DependencyKey {
    static let liveValue = NumberClient(fetch: { $0 * 2 }, name: { "live" })
    static let testValue = NumberClient(
        fetch: Dependencies.unimplemented("NumberClient.fetch"),
        name: Dependencies.unimplemented("NumberClient.name", placeholder: "unimplemented"))
    static let previewValue = NumberClient(fetch: { $0 }, name: { "preview" })
}

enum GreetingKey: DependencyKey {
    static let liveValue = "hello"
    static let testValue = "test hello"
}

extension DependencyValues {
    var numbers: NumberClient {
        get { self[NumberClient.self] }
        set { self[NumberClient.self] = newValue }
    }

    var greeting: String {
        get { self[GreetingKey.self] }
        set { self[GreetingKey.self] = newValue }
    }
}

enum Lookup: Sendable, Equatable {
    case fetch(Int)
    case fetched(Int)
    case failed
    case greet
}

struct LookupFeature: Reducer {
    @Dependency(\.numbers) var numbers
    @Dependency(\.greeting) var greeting

    func reduce(into state: inout [String], action: Lookup) -> Effect<Lookup> {
        switch action {
        case .fetch(let value):
            return .run { send in
                send(.fetched(try await numbers.fetch(value)))
            } catch: { _, send in
                send(.failed)
            }
        case .fetched(let value):
            state.append("\(value)")
        case .failed:
            state.append("failed")
        case .greet:
            state.append(greeting)
        }
        return .none
    }
}

final class DependencyTests: XCTestCase {
    func testAStoreRunsItsReducerAndEffectsWithTheDependenciesItWasCreatedWith() async {
        let store = withDependencies {
            $0.greeting = "store"
            $0.numbers.fetch = { $0 + 1 }
        } operation: {
            Store(initialState: [], reducer: LookupFeature())
        }
        await withDependencies {
            $0.greeting = "caller"
        } operation: {
            store.send(.greet)
            await store.send(.fetch(1)).finish()
        }
        XCTAssertEqual(store.state, ["store", "2"])
    }

    func testAStoreWithDefaultDependenciesIgnoresTheSendersOverrides() async {
        let store = Store(initialState: [], reducer: LookupFeature())
        withDependencies {
            $0.greeting = "caller"
        } operation: {
            store.send(.greet)
        }
        XCTAssertEqual(store.state, ["test hello"])
    }

    func testTheStoreInitialiserCanPrepareDependencies() async {
        let store = Store(initialState: [String]()) {
            LookupFeature()
        } withDependencies: {
            $0.context = .live
        }
        store.send(.greet)
        await store.send(.fetch(5)).finish()
        XCTAssertEqual(store.state, ["hello", "10"])
    }

    func testAnUnimplementedEndpointReportsAnIssueWhenCalled() async {
        let reporter = CapturingReporter()
        let store = Store(initialState: [], reducer: LookupFeature())
        await withIssueReporter(reporter) {
            await store.send(.fetch(1)).finish()
            XCTAssertEqual(DependencyValues.current.numbers.name(), "unimplemented")
        }
        XCTAssertEqual(store.state, ["failed"], "the throwing endpoint throws after reporting")
        XCTAssertEqual(reporter.messages, ["Unimplemented: 'NumberClient.fetch'", "Unimplemented: 'NumberClient.name'"])
        XCTAssertEqual(reporter.issues.map(\.fileID), Array(repeating: "ArchitectureTests/DependencyTests.swift", count: 2))
    }

}

/// The same failure through Swift Testing, where it must be recorded as an issue of the test.
@Suite struct UnimplementedDependencyTests {
    @Test func anUnimplementedEndpointFailsTheTest() async {
        await withKnownIssue {
            let store = Store(initialState: [], reducer: LookupFeature())
            await store.send(.fetch(1)).finish()
            #expect(store.state == ["failed"])
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["Unimplemented: 'NumberClient.fetch'"]
                && issue.sourceLocation?.fileID == "ArchitectureTests/DependencyTests.swift"
        }
    }

    @Test func anOverriddenEndpointDoesNot() async {
        let store = Store(initialState: [String]()) {
            LookupFeature()
        } withDependencies: {
            $0.numbers.fetch = { $0 * 3 }
        }
        await store.send(.fetch(2)).finish()
        #expect(store.state == ["6"])
    }
}
