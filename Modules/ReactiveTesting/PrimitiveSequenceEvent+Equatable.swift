// swift-format-ignore-file: AlwaysUseLowerCamelCase
// RxTest's assertion names, kept so that its tests compile unchanged.

import Reactive

// What a single, a maybe or a completable ends with, compared as RxTest compares them: equal kinds
// with equal values, and two errors equal when they describe themselves the same way (`errorsEqual`).

extension MaybeEvent: Equatable where Element: Equatable {
    /// Equal kinds with equal values; two errors are equal when their descriptions are.
    public static func == (lhs: MaybeEvent<Element>, rhs: MaybeEvent<Element>) -> Bool {
        switch (lhs, rhs) {
        case (.success(let left), .success(let right)): left == right
        case (.error(let left), .error(let right)): errorsEqual(left, right)
        case (.completed, .completed): true
        default: false
        }
    }
}

extension CompletableEvent: Equatable {
    /// Both completions, or two errors that describe themselves the same way.
    public static func == (lhs: CompletableEvent, rhs: CompletableEvent) -> Bool {
        switch (lhs, rhs) {
        case (.error(let left), .error(let right)): errorsEqual(left, right)
        case (.completed, .completed): true
        default: false
        }
    }
}

/// Whether two single events are equal: equal successes, or two errors that describe themselves
/// the same way. (`SingleEvent` is `Result<Element, Error>`, which the standard library makes
/// `Equatable` only when its failure type is.)
public func == <Element: Equatable>(lhs: SingleEvent<Element>, rhs: SingleEvent<Element>) -> Bool {
    switch (lhs, rhs) {
    case (.success(let left), .success(let right)): left == right
    case (.failure(let left), .failure(let right)): errorsEqual(left, right)
    default: false
    }
}

/// Asserts that two lists of single events are equal, failing at the caller with the differences listed.
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [SingleEvent<T>], _ rhs: [SingleEvent<T>], _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    let actual = lhs.map { SingleEventComparison(event: $0) }
    let expected = rhs.map { SingleEventComparison(event: $0) }
    assertSequencesEqual(actual, expected, message: message(), file: file, line: line)
}

/// Asserts that two lists of maybe events are equal, failing at the caller with the differences listed.
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [MaybeEvent<T>], _ rhs: [MaybeEvent<T>], _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    assertSequencesEqual(lhs, rhs, message: message(), file: file, line: line)
}

/// Asserts that two lists of completable events are equal, failing at the caller with the differences listed.
public func XCTAssertEqual(
    _ lhs: [CompletableEvent], _ rhs: [CompletableEvent], _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    assertSequencesEqual(lhs, rhs, message: message(), file: file, line: line)
}

/// A single event that compares with `==` above and prints as the event itself.
private struct SingleEventComparison<Element: Equatable>: Equatable, CustomStringConvertible {
    let event: SingleEvent<Element>

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.event == rhs.event }

    var description: String { String(describing: event) }
}
