import Reactive
import XCTest

/// Asserts that two event sequences are equal, failing at the caller with the differences listed.
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [Event<T>], _ rhs: [Event<T>], _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    assertSequencesEqual(lhs, rhs, message: message(), file: file, line: line)
}

/// Asserts that two event sequences of optionals are equal, failing at the caller with the differences listed.
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [Event<T?>], _ rhs: [Event<T?>], _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    assertSequencesEqual(lhs, rhs, message: message(), file: file, line: line)
}

/// Asserts that two timed event sequences are equal, failing at the caller with the differences listed.
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [Recorded<Event<T>>], _ rhs: [Recorded<Event<T>>], _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    assertSequencesEqual(lhs, rhs, message: message(), file: file, line: line)
}

/// Asserts that two timed event sequences of optionals are equal, failing at the caller with the differences listed.
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [Recorded<Event<T?>>], _ rhs: [Recorded<Event<T?>>], _ message: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    assertSequencesEqual(lhs, rhs, message: message(), file: file, line: line)
}

/// Asserts that a recorded stream holds exactly `elements` as `next` values and no error, in order.
public func XCTAssertRecordedElements<T: Equatable>(
    _ stream: [Recorded<Event<T>>], _ elements: [T], file: StaticString = #filePath, line: UInt = #line
) {
    let streamElements = stream.compactMap { recorded -> T? in
        if case .error(let error) = recorded.value {
            XCTFail("Error event in stream: \(error) @ \(recorded.time)", file: file, line: line)
        }
        return recorded.value.element
    }
    assertSequencesEqual(streamElements, elements, message: "", file: file, line: line)
}

/// Fails at `file`/`line` with a readable list of the positions where `actual` and `expected` differ.
func assertSequencesEqual<Item: Equatable>(
    _ actual: [Item], _ expected: [Item], message: String, file: StaticString, line: UInt
) {
    if actual == expected { return }
    XCTFail(describeDifferences(actual, expected, message: message), file: file, line: line)
}

/// The failure text: each differing index with both sides, then both sequences in full.
func describeDifferences<Item: Equatable>(_ actual: [Item], _ expected: [Item], message: String) -> String {
    var lines = ["XCTAssertEqual failed: sequences differ"
        + (actual.count == expected.count ? "" : " (\(actual.count) vs \(expected.count) items)")
        + (message.isEmpty ? "" : " - \(message)")]
    for index in 0..<max(actual.count, expected.count) {
        let left = index < actual.count ? actual[index] : nil
        let right = index < expected.count ? expected[index] : nil
        if let left, let right, left == right { continue }
        lines.append("  [\(index)] \(describe(left)) != \(describe(right))")
    }
    lines.append("  lhs: \(describeAll(actual))")
    lines.append("  rhs: \(describeAll(expected))")
    return lines.joined(separator: "\n")
}

private func describe<Item>(_ item: Item?) -> String {
    item.map { String(describing: $0) } ?? "(missing)"
}

private func describeAll<Item>(_ items: [Item]) -> String {
    "[" + items.map { String(describing: $0) }.joined(separator: ", ") + "]"
}
