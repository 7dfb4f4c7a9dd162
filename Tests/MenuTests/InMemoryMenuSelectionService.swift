import MenuInterface
import Reactive

/// The selection kept in memory, as the RxSwift menu tutorial's view model keeps its counts: the
/// view model's tests use it where the database's service is not what they test.
///
/// Every change answers at once and the observation hears it at once. It knows no catalog: items
/// are not checked against one (the view model checks what it shows), and `selectedMenus()` is empty.
final class InMemoryMenuSelectionService: MenuSelectionService {
    private let stored: Locked<MenuSelection>
    private let changes: BehaviorSubject<MenuSelection>

    /// A service holding `selection` (nothing by default).
    init(_ selection: MenuSelection = .empty) {
        stored = Locked(selection)
        changes = BehaviorSubject(value: selection)
    }

    /// The selection held now.
    func selection() -> Single<MenuSelection> {
        .just(stored.withLock { $0 })
    }

    /// The selection held now and after every change.
    func observeSelection() -> Observable<MenuSelection> {
        changes.asObservable().distinctUntilChanged()
    }

    /// Empty: this service knows no catalog.
    func selectedMenus() -> Single<[MenuItem]> {
        .just([])
    }

    /// Applies `change` under the lock, then tells observers outside it.
    // What observers hear is the selection read again at that moment, so that of two changes
    // racing on two threads the later one is heard last; an observation drops the repeat.
    func updateSelection(_ change: @escaping @Sendable (MenuSelection) throws(MenuError) -> MenuSelection) -> Single<MenuSelection> {
        do {
            let selection = try stored.withLock { stored throws(MenuError) in
                stored = try change(stored)
                return stored
            }
            changes.onNext(stored.withLock { $0 })
            return .just(selection)
        } catch {
            return .error(error)
        }
    }
}
