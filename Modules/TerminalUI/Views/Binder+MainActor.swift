import Reactive

extension Binder {
    /// A binder on `MainScheduler` whose binding is main-actor code: the views' binders, which set
    /// main-actor state.
    init<Target: AnyObject & Sendable>(mainActor target: Target, binding: @escaping @MainActor (Target, Value) -> Void) {
        self.init(target, scheduler: MainScheduler.instance) { target, value in
            // MainScheduler runs bindings on the main thread, where the value is used and kept:
            // nothing else sees it.
            nonisolated(unsafe) let value = value
            MainActor.assumeIsolated { binding(target, value) }
        }
    }
}
