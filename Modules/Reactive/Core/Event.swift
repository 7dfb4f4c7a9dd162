/// One thing a sequence says to its observer: a value, the error that ended it, or its completion.
///
/// The grammar is `next* (error | completed)?`: nothing follows an error or a completion.
@frozen
public enum Event<Element> {
    /// A value.
    case next(Element)
    /// The sequence failed; nothing follows.
    case error(Swift.Error)
    /// The sequence finished; nothing follows.
    case completed
}

extension Event: Sendable where Element: Sendable {}

extension Event: CustomDebugStringConvertible {
    /// A description of the event, as RxSwift prints it.
    public var debugDescription: String {
        switch self {
        case .next(let value): return "next(\(value))"
        case .error(let error): return "error(\(error))"
        case .completed: return "completed"
        }
    }
}

extension Event {
    /// Whether this event ends the sequence (`error` or `completed`).
    @inlinable public var isStopEvent: Bool {
        switch self {
        case .next: return false
        case .error, .completed: return true
        }
    }

    /// The value of a `next` event, otherwise `nil`.
    @inlinable public var element: Element? {
        if case .next(let value) = self { return value }
        return nil
    }

    /// The error of an `error` event, otherwise `nil`.
    @inlinable public var error: Swift.Error? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// Whether this is the `completed` event.
    @inlinable public var isCompleted: Bool {
        if case .completed = self { return true }
        return false
    }

    /// Transforms the value of a `next` event; a thrown error becomes an `error` event.
    public func map<Result>(_ transform: (Element) throws -> Result) -> Event<Result> {
        do {
            switch self {
            case .next(let element): return .next(try transform(element))
            case .error(let error): return .error(error)
            case .completed: return .completed
            }
        } catch {
            return .error(error)
        }
    }
}

/// A type that can be read as an `Event`, so operators can constrain on "observables of events".
public protocol EventConvertible {
    /// The type of the values.
    associatedtype Element
    /// The event this value represents.
    var event: Event<Element> { get }
}

extension Event: EventConvertible {
    /// The event itself.
    public var event: Event<Element> { self }
}
