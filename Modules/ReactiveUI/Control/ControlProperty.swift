import Reactive

/// A type that can present itself as a `ControlProperty`: values to observe and a sink to set.
public protocol ControlPropertyType: ObservableType, ObserverType {
    /// This property as a `ControlProperty`.
    func asControlProperty() -> ControlProperty<Element>
}

/// A property of a control, such as a text field's text (RxCocoa's `ControlProperty`): observing it
/// gives the current value at once, then each change the user makes; binding to it sets the
/// value. It never fails, subscribes on the main thread at once when subscribed there
/// (`ConcurrentMainScheduler`), and sends on the main thread.
public struct ControlProperty<PropertyType>: ControlPropertyType {
    /// The type of the values.
    public typealias Element = PropertyType

    let values: Observable<PropertyType>
    let valueSink: AnyObserver<PropertyType>

    /// A property observed through `values` (which must start with the current value, never fail
    /// and send on the main thread) and set through `valueSink`.
    public init<Values: ObservableType, Sink: ObserverType>(values: Values, valueSink: Sink)
    where Element == Values.Element, Element == Sink.Element {
        self.values = values.subscribe(on: ConcurrentMainScheduler.instance)
        self.valueSink = valueSink.asObserver()
    }

    /// Subscribes an observer to the values: the current one, then each change.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        values.subscribe(observer)
    }

    /// The values, after the current one: only the changes.
    public var changed: ControlEvent<PropertyType> {
        ControlEvent(events: values.skip(1))
    }

    /// The values as a plain `Observable`.
    public func asObservable() -> Observable<Element> { values }

    /// This property.
    public func asControlProperty() -> ControlProperty<Element> { self }

    /// Sets the property to an element; completion is ignored and an error is a programming error
    /// (a debug build stops; a release build prints it), as for any binder.
    public func on(_ event: Event<Element>) {
        switch event {
        case .error(let error):
            #if DEBUG
                fatalError("Binding error to a control property: \(error)")
            #else
                print("Binding error to a control property: \(error)")
            #endif
        case .next, .completed:
            valueSink.on(event)
        }
    }
}

extension ControlPropertyType where Element == String? {
    /// The text with nil as the empty string; setting it sets the text (`textField.rx.text.orEmpty`).
    public var orEmpty: ControlProperty<String> {
        let original: ControlProperty<String?> = asControlProperty()
        return ControlProperty<String>(
            values: original.values.map { $0 ?? "" },
            valueSink: original.valueSink.mapObserver { $0 })
    }
}

extension ControlProperty {
    /// The values as a driver. A control property never fails; if one did, debug builds stop and
    /// release builds complete the driver.
    public func asDriver() -> Driver<Element> {
        asDriver { error in controlFailed(error) }
    }
}
