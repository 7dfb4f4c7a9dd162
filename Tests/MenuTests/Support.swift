import Foundation
import Menu
import MenuInterface
import Reactive
import XCTest

// MARK: Catalog

/// The sample catalog of `RemoteConfigSample.menu`, as menus.
let sampleMenus = [
    MenuItem(id: 1, name: "떡볶이", price: 4000),
    MenuItem(id: 2, name: "김밥", price: 3500),
    MenuItem(id: 3, name: "라면", price: 4500),
    MenuItem(id: 4, name: "튀김", price: 1000),
]

/// `menus` with the counts given by id.
func selecting(_ counts: [Int: Int], in menus: [MenuItem] = sampleMenus) -> [MenuItem] {
    menus.map { MenuItem(id: $0.id, name: $0.name, price: $0.price, count: counts[$0.id] ?? 0) }
}

/// The selection of `counts`, which the test writes with counts of 0 or more.
func selection(_ counts: [Int: Int]) -> MenuSelection {
    try! MenuSelection(counts: counts)
}

// MARK: Recording

/// Values appended from any thread, read by the test.
final class Recording<Value: Sendable>: Sendable {
    private let values = Locked<[Value]>([])

    func append(_ value: Value) {
        values.withLock { $0.append(value) }
    }

    /// Everything appended so far.
    var all: [Value] { values.withLock { $0 } }
}

// MARK: Waiting

/// Records what a sequence emits, from any thread, and lets the test wait with an expectation until
/// the elements received so far are what it expects.
final class Collector<Element: Sendable>: Sendable {
    private struct State: Sendable {
        var elements: [Element] = []
        var waiter: (done: @Sendable ([Element]) -> Bool, expectation: XCTestExpectation)?
    }

    private let state = Locked(State())
    private let subscription = SerialDisposable()

    /// Subscribes to `source` until the collector goes away.
    init(_ source: Observable<Element>) {
        let state = state
        subscription.disposable = source.subscribe(onNext: { element in
            let fulfilled = state.withLock { state -> XCTestExpectation? in
                state.elements.append(element)
                guard let waiter = state.waiter, waiter.done(state.elements) else { return nil }
                state.waiter = nil
                return waiter.expectation
            }
            fulfilled?.fulfill()
        })
    }

    deinit {
        subscription.dispose()
    }

    /// Everything received so far.
    var elements: [Element] { state.withLock { $0 }.elements }

    /// Waits until the elements received satisfy `done` (failing after `timeout`, a hang guard), then returns them.
    @discardableResult
    func wait(
        timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line,
        until done: @escaping @Sendable ([Element]) -> Bool
    ) -> [Element] {
        let expectation = XCTestExpectation(description: "the expected elements arrived")
        let satisfied = state.withLock { state -> Bool in
            if done(state.elements) { return true }
            state.waiter = (done, expectation)
            return false
        }
        if !satisfied, XCTWaiter().wait(for: [expectation], timeout: timeout) != .completed {
            state.withLock { $0.waiter = nil }
            XCTFail("Still waiting; received \(elements)", file: file, line: line)
        }
        return elements
    }
}
