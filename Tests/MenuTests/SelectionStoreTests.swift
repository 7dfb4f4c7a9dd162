import Architecture
import Foundation
import Menu
import MenuInterface
import Reactive
import XCTest

/// Reading and storing the selection in the store (the ReSwift middleware tutorial's pattern): the pure reducer, and each
/// middleware item called with an action and a recording dispatch against a stub service.
final class SelectionStoreTests: XCTestCase {
    private func recordingDispatch() -> (DispatchFunction<MenuAction>, Recording<MenuAction>) {
        let recording = Recording<MenuAction>()
        return (DispatchFunction { recording.append($0) }, recording)
    }

    // MARK: selectionReducer

    func testLoadingRunsFromTheRequestToItsOutcome() {
        let requested = selectionReducer(action: .loadSelection(.request), state: nil)
        XCTAssertEqual(requested, SelectionState(isLoading: true))
        let loaded = selectionReducer(action: .loadSelection(.success(selection: selection([1: 2]))), state: requested)
        XCTAssertEqual(loaded, SelectionState(loaded: selection([1: 2]), saved: selection([1: 2])))
        let failed = selectionReducer(action: .loadSelection(.failure(error: .storage(reason: "gone"))), state: requested)
        XCTAssertEqual(failed, SelectionState(failure: MenuFailure(number: 1, error: .storage(reason: "gone"))))
    }

    func testStoringKeepsWhatWasStoredCountsStoresInFlightAndNumbersEachFailure() {
        let loaded = SelectionState(loaded: .empty, saved: .empty)
        let requested = selectionReducer(action: .saveSelection(.request(selection([2: 1]))), state: loaded)
        XCTAssertEqual(requested, SelectionState(loaded: .empty, saved: .empty, savesInFlight: 1, savesRequested: 1))
        let twiceRequested = selectionReducer(action: .saveSelection(.request(selection([2: 2]))), state: requested)
        XCTAssertEqual(twiceRequested.savesInFlight, 2)
        XCTAssertEqual(twiceRequested.savesRequested, 2)
        // What a store answers is what storage holds after it: saved, and as a read would find it.
        let saved = selectionReducer(action: .saveSelection(.success(selection: selection([2: 1]))), state: twiceRequested)
        XCTAssertEqual(saved, SelectionState(loaded: selection([2: 1]), saved: selection([2: 1]), savesInFlight: 1, savesRequested: 2))
        let error = MenuError.storage(reason: "disk full")
        let once = selectionReducer(action: .saveSelection(.failure(error: error)), state: saved)
        let twice = selectionReducer(action: .saveSelection(.failure(error: error)), state: once)
        XCTAssertEqual(once.failure, MenuFailure(number: 1, error: error))
        XCTAssertEqual(once.savesInFlight, 0)
        XCTAssertEqual(twice.failure, MenuFailure(number: 2, error: error))
        XCTAssertEqual(twice.savesInFlight, 0, "never below 0")
        XCTAssertEqual(twice.savesRequested, 2, "answers do not count as requests")
        XCTAssertEqual(twice.saved, selection([2: 1]))
    }

    func testEachPartOfTheStateChangesOnlyForItsOwnActions() {
        let state = MenuState(catalog: CatalogState(menus: sampleMenus))
        let loaded = menuReducer(action: .loadSelection(.success(selection: selection([1: 1]))), state: state)
        XCTAssertEqual(loaded, MenuState(catalog: state.catalog, selection: SelectionState(loaded: selection([1: 1]), saved: selection([1: 1]))))
        XCTAssertEqual(selectionReducer(action: .fetchMenu(.success(menus: [])), state: loaded.selection), loaded.selection)
        XCTAssertEqual(catalogReducer(action: .saveSelection(.failure(error: .unknown)), state: state.catalog), state.catalog)
        XCTAssertEqual(orderingReducer(action: .loadSelection(.request), state: state.ordering), state.ordering)
    }

    // MARK: loadSelection(service:) and saveSelection(service:)

    func testLoadSelectionDispatchesTheStoredSelectionOrTheTypedError() {
        let (dispatch, dispatched) = recordingDispatch()
        loadSelection(service: StubSelectionService(selection([3: 2])))(.loadSelection(.request), dispatch)
        loadSelection(service: StubSelectionService(loadError: .storage(reason: "gone")))(.loadSelection(.request), dispatch)
        XCTAssertEqual(dispatched.all, [
            .loadSelection(.success(selection: selection([3: 2]))),
            .loadSelection(.failure(error: .storage(reason: "gone"))),
        ])
    }

    func testSaveSelectionStoresTheWholeSelectionAndDispatchesTheOutcome() {
        let (dispatch, dispatched) = recordingDispatch()
        let service = StubSelectionService(selection([1: 1]))
        let item = saveSelection(service: service)
        item(.saveSelection(.request(selection([2: 2]))), dispatch)
        service.failSaves(with: .unknownItem(menuID: 9))
        item(.saveSelection(.request(selection([9: 1]))), dispatch)

        XCTAssertEqual(service.replaced, [selection([2: 2]), selection([9: 1])])
        XCTAssertEqual(service.stored, selection([2: 2]))
        XCTAssertEqual(dispatched.all, [
            .saveSelection(.success(selection: selection([2: 2]))),
            .saveSelection(.failure(error: .unknownItem(menuID: 9))),
        ])
    }

    func testTheSelectionItemsIgnoreActionsTheyDoNotHandle() throws {
        let (dispatch, dispatched) = recordingDispatch()
        let service = StubSelectionService()
        let items = [loadSelection(service: service), saveSelection(service: service)]
        let others: [MenuAction] = [
            .fetchMenu(.request), .placeOrder(.request(try Order(menus: selecting([1: 1])))),
            .loadSelection(.success(selection: .empty)), .loadSelection(.failure(error: .unknown)),
            .saveSelection(.success(selection: .empty)), .saveSelection(.failure(error: .unknown)),
        ]
        for action in others {
            for item in items { item(action, dispatch) }
        }
        XCTAssertEqual(dispatched.all, [])
        XCTAssertEqual(service.replaced, [])
    }

    func testTheFeaturesStoreHasTheSelectionItemsOnlyWithASelectionService() {
        let with = MenuFeature.makeStore(
            menuService: StubMenuService(), orderService: StubOrderService(), selectionService: StubSelectionService(selection([4: 1])))
        with.send(.loadSelection(.request))
        XCTAssertEqual(with.state.selection, SelectionState(loaded: selection([4: 1]), saved: selection([4: 1])))

        let without = MenuFeature.makeStore(menuService: StubMenuService(), orderService: StubOrderService())
        without.send(.saveSelection(.request(selection([4: 1]))))
        without.send(.loadSelection(.request))
        // Nothing answers: the requests are all the state shows.
        XCTAssertEqual(without.state.selection, SelectionState(isLoading: true, savesInFlight: 1, savesRequested: 1))
    }
}
