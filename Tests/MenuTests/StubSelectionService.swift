import Foundation
import MenuInterface
import Reactive

/// A selection service in memory that answers at once (or, with `holdLoad`, reads only when
/// `releaseLoad()` is called), records every selection it was asked to store, and fails reads or
/// stores with the errors the test sets.
final class StubSelectionService: MenuSelectionService {
    private struct State {
        var stored: MenuSelection
        var replaced: [MenuSelection] = []
        var loadError: MenuError?
        var saveError: MenuError?
    }

    private let state: Locked<State>
    private let pendingLoad = PublishSubject<Void>()
    private let changesElsewhere = PublishSubject<MenuSelection>()
    private let holdLoad: Bool

    init(_ stored: MenuSelection = .empty, loadError: MenuError? = nil, saveError: MenuError? = nil, holdLoad: Bool = false) {
        state = Locked(State(stored: stored, loadError: loadError, saveError: saveError))
        self.holdLoad = holdLoad
    }

    /// The selection as stored now.
    var stored: MenuSelection { state.withLock { $0 }.stored }
    /// Every selection `replaceSelection(with:)` was given, in order, stored or not.
    var replaced: [MenuSelection] { state.withLock { $0 }.replaced }

    /// Makes the next stores fail with `error` (nil: succeed again).
    func failSaves(with error: MenuError?) {
        state.withLock { $0.saveError = error }
    }

    /// Stores `selection` as another screen or process would: observers of the selection hear it.
    func storeElsewhere(_ selection: MenuSelection) {
        state.withLock { $0.stored = selection }
        changesElsewhere.onNext(selection)
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

    /// The stored selection, then what `storeElsewhere(_:)` stores (this stub's own stores are
    /// answered by `replaceSelection(with:)` only, as a live observation's echo of them changes nothing).
    func observeSelection() -> Observable<MenuSelection> {
        selection().asObservable().concat(changesElsewhere)
    }

    func selectedMenus() -> Single<[MenuItem]> {
        .just(stored.applied(to: sampleMenus))
    }

    func replaceSelection(with selection: MenuSelection) -> Single<MenuSelection> {
        let error = state.withLock { state -> MenuError? in
            state.replaced.append(selection)
            if state.saveError == nil { state.stored = selection }
            return state.saveError
        }
        return error.map { .error($0) } ?? .just(selection)
    }

    func setCount(_ count: Int, of menuID: Int) -> Single<MenuSelection> {
        do {
            return replaceSelection(with: try stored.setting(count, of: menuID))
        } catch {
            return .error(error)
        }
    }

    func clearSelection() -> Single<MenuSelection> {
        replaceSelection(with: .empty)
    }

    func takeOff(_ lines: [OrderLine]) -> Single<MenuSelection> {
        replaceSelection(with: stored.removing(lines))
    }
}

/// The selection of `counts`, which the test writes with counts of 0 or more.
func selection(_ counts: [Int: Int]) -> MenuSelection {
    try! MenuSelection(counts: counts)
}
