/// An observer that applies values to a target on a scheduler (the main one by default) and holds
/// the target weakly; errors are a programming error, as in RxCocoa.
public struct Binder<Value>: ObserverType {
    private let binding: (Event<Value>) -> Void

    /// A binder that runs `binding(target, value)` on `scheduler` for each value while `target` lives.
    public init<Target: AnyObject>(
        _ target: Target, scheduler: ImmediateSchedulerType = MainScheduler.instance,
        binding: @escaping (Target, Value) -> Void
    ) {
        weak let weakTarget = target
        self.binding = { event in
            switch event {
            case .next(let element):
                _ = scheduler.schedule(element) { element in
                    if let target = weakTarget { binding(target, element) }
                    return Disposables.create()
                }
            case .error(let error):
                rxFatalErrorInDebug("Binding error: \(error)")
            case .completed:
                break
            }
        }
    }

    /// Applies the event.
    public func on(_ event: Event<Value>) { binding(event) }

    /// The binder as a type-erased observer.
    public func asObserver() -> AnyObserver<Value> { AnyObserver(eventHandler: on) }
}

/// Stops in debug builds; prints in release builds, as RxSwift does for binding errors.
func rxFatalErrorInDebug(_ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) {
    #if DEBUG
        fatalError(message(), file: file, line: line)
    #else
        print("\(file):\(line): \(message())")
    #endif
}
