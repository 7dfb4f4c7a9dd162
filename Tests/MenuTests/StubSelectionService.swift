import Foundation
import MenuInterface
import Reactive

/// A selection service in memory that answers at once (or, with `holdLoad`, is read only when
/// `releaseLoad()` is called), reports every change it stores to its observers (as a database's
/// observation does, whoever made the change), records the intents it was sent, and fails reads
/// or writes with the errors the test sets.
final class StubSelectionService: MenuSelectionService {
    /// An intent the view model sent.
    enum Intent: Equatable {
        case change(menuID: Int, delta: Int)
        case clear
        case replace(MenuSelection)
        case takeOff([OrderLine])
        case update
    }

    private struct State {
        var stored: MenuSelection
        var intents: [Intent] = []
        var loadError: MenuError?
        var saveError: MenuError?
        var loaded = false
    }

    private let state: Locked<State>
    private let pendingLoad = PublishSubject<Void>()
    private let changes = PublishSubject<MenuSelection>()
    private let holdLoad: Bool

    init(_ stored: MenuSelection = .empty, loadError: MenuError? = nil, saveError: MenuError? = nil, holdLoad: Bool = false) {
        state = Locked(State(stored: stored, loadError: loadError, saveError: saveError))
        self.holdLoad = holdLoad
    }

    /// The selection as stored now.
    var stored: MenuSelection { state.withLock { $0 }.stored }
    /// Every intent received, in order, applied or not.
    var intents: [Intent] { state.withLock { $0 }.intents }

    /// Makes the next writes fail with `error` (nil: succeed again).
    func failSaves(with error: MenuError?) {
        state.withLock { $0.saveError = error }
    }

    /// Stores `selection` as another screen or process would.
    func storeElsewhere(_ selection: MenuSelection) {
        state.withLock { $0.stored = selection }
        changes.onNext(selection)
    }

    /// Lets a held read answer.
    func releaseLoad() {
        pendingLoad.onNext(())
    }

    func selection() -> Single<MenuSelection> {
        let state = state
        let answer = Single<MenuSelection>.deferred {
            let (stored, error) = state.withLock { ($0.stored, $0.loadError) }
            return error.map { .error($0) } ?? .just(stored)
        }
        guard holdLoad else { return answer }
        return pendingLoad.take(1).flatMap { answer.asObservable() }.asSingle()
    }

    /// The stored selection, then every change stored, by anyone.
    func observeSelection() -> Observable<MenuSelection> {
        selection().asObservable().concat(changes)
    }

    func selectedMenus() -> Single<[MenuItem]> {
        .just(stored.applied(to: sampleMenus))
    }

    func updateSelection(_ change: @escaping @Sendable (MenuSelection) throws(MenuError) -> MenuSelection) -> Single<MenuSelection> {
        apply(.update, change)
    }

    func replaceSelection(with selection: MenuSelection) -> Single<MenuSelection> {
        apply(.replace(selection)) { _ in selection }
    }

    func setCount(_ count: Int, of menuID: Int) -> Single<MenuSelection> {
        apply(.replace(try! stored.setting(count, of: menuID))) { stored throws(MenuError) in try stored.setting(count, of: menuID) }
    }

    func changeCount(of menuID: Int, by delta: Int) -> Single<MenuSelection> {
        apply(.change(menuID: menuID, delta: delta)) { stored throws(MenuError) in try stored.changing(menuID, by: delta) }
    }

    func clearSelection() -> Single<MenuSelection> {
        apply(.clear) { _ in .empty }
    }

    func takeOff(_ lines: [OrderLine]) -> Single<MenuSelection> {
        apply(.takeOff(lines)) { stored in stored.removing(lines) }
    }

    private func apply(_ intent: Intent, _ next: (MenuSelection) throws(MenuError) -> MenuSelection) -> Single<MenuSelection> {
        let outcome = state.withLock { state -> Result<MenuSelection, MenuError> in
            state.intents.append(intent)
            if let error = state.saveError { return .failure(error) }
            do throws(MenuError) {
                state.stored = try next(state.stored)
                return .success(state.stored)
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let selection):
            changes.onNext(selection)
            return .just(selection)
        case .failure(let error):
            return .error(error)
        }
    }
}

/// The selection of `counts`, which the test writes with counts of 0 or more.
func selection(_ counts: [Int: Int]) -> MenuSelection {
    try! MenuSelection(counts: counts)
}
