import Foundation
import Menu
import MenuInterface
import Reactive
import ReactiveTesting
import XCTest

/// The selection kept in memory for a screen whose app stores none: every change is one step on
/// what is held, heard by observers, and a refused change holds nothing new.
final class InMemoryMenuSelectionServiceTests: XCTestCase {
    private func value(_ single: Single<MenuSelection>, file: StaticString = #filePath, line: UInt = #line) -> MenuSelection? {
        do {
            return try single.toBlocking(timeout: 10).single()
        } catch {
            XCTFail("failed: \(error)", file: file, line: line)
            return nil
        }
    }

    func testChangesAreStepsOnWhatIsHeld() {
        let service = InMemoryMenuSelectionService(selection([1: 2]))
        XCTAssertEqual(value(service.changeCount(of: 1, by: 1)), selection([1: 3]))
        XCTAssertEqual(value(service.changeCount(of: 2, by: -1)), selection([1: 3]), "never below 0")
        XCTAssertEqual(value(service.setCount(5, of: 4)), selection([1: 3, 4: 5]))
        XCTAssertEqual(value(service.takeOff([OrderLine(menuID: 1, name: "떡볶이", price: 4000, count: 2)])), selection([1: 1, 4: 5]))
        XCTAssertEqual(value(service.selection()), selection([1: 1, 4: 5]))
        XCTAssertEqual(value(service.clearSelection()), .empty)
    }

    func testObserversHearEveryChangeOnceAndARefusalChangesNothing() throws {
        let service = InMemoryMenuSelectionService()
        let heard = Collector(service.observeSelection())
        _ = value(service.changeCount(of: 1, by: 1))
        _ = value(service.changeCount(of: 1, by: 0))  // the same selection again: not heard twice
        XCTAssertThrowsError(try service.changeCount(of: 1, by: Int.max).toBlocking(timeout: 10).single()) {
            XCTAssertEqual($0 as? MenuError, .countOverflow(menuID: 1))
        }
        XCTAssertThrowsError(try service.setCount(-1, of: 2).toBlocking(timeout: 10).single()) {
            XCTAssertEqual($0 as? MenuError, .invalidCount(menuID: 2))
        }
        _ = value(service.clearSelection())

        heard.wait { $0.count == 3 }
        XCTAssertEqual(heard.elements, [.empty, selection([1: 1]), .empty])
        XCTAssertEqual(value(service.selection()), .empty)
    }

    func testTwoThreadsChangingAtOnceBothCount() {
        let service = InMemoryMenuSelectionService()
        DispatchQueue.concurrentPerform(iterations: 200) { _ in
            _ = try? service.changeCount(of: 1, by: 1).toBlocking(timeout: 10).single()
        }
        XCTAssertEqual(value(service.selection()), selection([1: 200]))
    }
}
