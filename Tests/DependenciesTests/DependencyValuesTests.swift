import Dependencies
import TestSupport
import XCTest

struct Counter: Sendable {
    var next: @Sendable (Int) async throws -> Int
    var name: @Sendable () -> String
}

extension Counter: DependencyKey {
    static let liveValue = Counter(next: { $0 + 1 }, name: { "live" })
    static let testValue = Counter(
        next: unimplemented("Counter.next"), name: unimplemented("Counter.name", placeholder: "unimplemented"))
    static let previewValue = Counter(next: { $0 }, name: { "preview" })
}

enum GreetingKey: DependencyKey {
    static let liveValue = "hello"
    static let testValue = "test hello"
}

extension DependencyValues {
    var counter: Counter {
        get { self[Counter.self] }
        set { self[Counter.self] = newValue }
    }

    var greeting: String {
        get { self[GreetingKey.self] }
        set { self[GreetingKey.self] = newValue }
    }
}

/// Dependency values on their own, without a store: contexts, overrides scoped to an operation and
/// its tasks, and endpoints that report when a test did not override them.
final class DependencyValuesTests: XCTestCase {
    func testEachContextHasItsValue() {
        XCTAssertEqual(DependencyValues(context: .live).greeting, "hello")
        XCTAssertEqual(DependencyValues(context: .test).greeting, "test hello")
        XCTAssertEqual(DependencyValues(context: .preview).greeting, "hello", "preview defaults to live")
        XCTAssertEqual(DependencyValues(context: .preview).counter.name(), "preview")
        XCTAssertEqual(DependencyContext.default, .test, "this process runs tests")
    }

    func testWithDependenciesOverridesForTheOperationAndItsTasks() async {
        @Dependency(\.greeting) var greeting
        XCTAssertEqual(greeting, "test hello")
        await withDependencies {
            $0.greeting = "outer"
        } operation: {
            XCTAssertEqual(greeting, "outer")
            let inner = withDependencies {
                $0.greeting = "inner"
            } operation: {
                greeting
            }
            XCTAssertEqual(inner, "inner")
            let fromTask = await Task { DependencyValues.current.greeting }.value
            XCTAssertEqual(fromTask, "outer")
        }
        XCTAssertEqual(greeting, "test hello")
    }

    func testConcurrentTasksSeeOnlyTheirOwnOverrides() async {
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<20 {
                group.addTask {
                    await withDependencies {
                        $0.greeting = "\(index)"
                    } operation: {
                        await Task.yield()
                        return DependencyValues.current.greeting == "\(index)"
                    }
                }
            }
            for await matched in group { XCTAssertTrue(matched) }
        }
    }

    func testAnUnimplementedEndpointReportsEachCallAtItsDeclarationAndThrows() async {
        let reporter = CapturingReporter()
        await withIssueReporter(reporter) {
            @Dependency(\.counter) var counter
            do {
                _ = try await counter.next(1)
                XCTFail("an unimplemented throwing endpoint returned")
            } catch {
                XCTAssertTrue(error is UnimplementedFailure)
            }
            XCTAssertEqual(counter.name(), "unimplemented")
        }
        XCTAssertEqual(reporter.messages, ["Unimplemented: 'Counter.next'", "Unimplemented: 'Counter.name'"])
        XCTAssertEqual(reporter.issues.map(\.fileID), Array(repeating: "DependenciesTests/DependencyValuesTests.swift", count: 2))
    }

    func testAnOverrideReplacesTheUnimplementedEndpoint() async throws {
        let reporter = CapturingReporter()
        let value = try await withIssueReporter(reporter) {
            try await withDependencies {
                $0.counter.next = { $0 * 10 }
            } operation: {
                @Dependency(\.counter) var counter
                return try await counter.next(4)
            }
        }
        XCTAssertEqual(value, 40)
        XCTAssertEqual(reporter.messages, [])
    }
}
