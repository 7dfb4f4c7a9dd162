import Foundation
import Reactive

/// Whether two events are equal; errors compare as RxTest compares them (see `Event.==`).
func eventsEqual<Element>(_ lhs: Event<Element>, _ rhs: Event<Element>, elementsEqual: (Element, Element) -> Bool) -> Bool {
    switch (lhs, rhs) {
    case (.completed, .completed):
        return true
    case (.error(let error1), .error(let error2)):
        return errorsEqual(error1, error2)
    case (.next(let value1), .next(let value2)):
        return elementsEqual(value1, value2)
    default:
        return false
    }
}

/// Errors are equal when they describe themselves the same way (on Apple platforms their `NSError`
/// domain and code must match too), as RxTest decides.
func errorsEqual(_ error1: Swift.Error, _ error2: Swift.Error) -> Bool {
    #if os(Linux) || os(Windows) || os(Android)
        return "\(error1)" == "\(error2)"
    #else
        let nsError1 = error1 as NSError
        let nsError2 = error2 as NSError
        return nsError1.domain == nsError2.domain && nsError1.code == nsError2.code && "\(error1)" == "\(error2)"
    #endif
}

extension Event: Equatable where Element: Equatable {
    /// Equal kinds with equal values; two errors are equal when their descriptions are (RxTest's rule).
    public static func == (lhs: Event<Element>, rhs: Event<Element>) -> Bool {
        eventsEqual(lhs, rhs, elementsEqual: ==)
    }
}
