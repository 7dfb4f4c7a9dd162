import MenuInterface
import Reactive

/// The selection kept in memory, for a screen whose app stores none: the RxSwift menu tutorial's
/// view model keeps its counts so, gone with the screen.
///
/// Every change answers at once and the observation hears it at once. It knows no catalog: items
/// are not checked against one (the view model checks what it shows), and `selectedMenus()` is empty.
public final class InMemoryMenuSelectionService: MenuSelectionService {
    private let stored: Locked<MenuSelection>
    private let changes: BehaviorSubject<MenuSelection>

    /// A service holding `selection` (nothing by default).
    public init(_ selection: MenuSelection = .empty) {
        stored = Locked(selection)
        changes = BehaviorSubject(value: selection)
    }

    /// The selection held now.
    public func selection() -> Single<MenuSelection> {
        .just(stored.withLock { $0 })
    }

    /// The selection held now and after every change.
    public func observeSelection() -> Observable<MenuSelection> {
        changes.asObservable().distinctUntilChanged()
    }

    /// Empty: this service knows no catalog.
    public func selectedMenus() -> Single<[MenuItem]> {
        .just([])
    }

    /// Applies `change` under the lock, then tells observers outside it.
    // What observers hear is the selection read again at that moment, so that of two changes
    // racing on two threads the later one is heard last; an observation drops the repeat.
    public func updateSelection(_ change: @escaping @Sendable (MenuSelection) throws(MenuError) -> MenuSelection) -> Single<MenuSelection> {
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
