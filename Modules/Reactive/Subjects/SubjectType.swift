/// Both an observable and an observer: what it observes, it re-emits to its own observers.
public protocol SubjectType: ObservableType {
    /// The observer side.
    associatedtype Observer: ObserverType
    /// The observer side of the subject.
    func asObserver() -> Observer
}
