// swift-format-ignore-file: AlwaysUseLowerCamelCase
// RxTest's assertion names, kept so that its tests compile unchanged.

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
            TestFailure.record("Error event in stream: \(error) @ \(recorded.time)", filePath: file, line: line)
        }
        return recorded.value.element
    }
    assertSequencesEqual(streamElements, elements, message: "", file: file, line: line)
}

/// Runs `body` and fails the test at the caller if it leaves resources alive: `Resources.total`
/// afterwards must be what it was before (every subscription made in `body` ended and was
/// released). The count is process-wide: use it where nothing runs beside `body` (virtual time,
/// no background work), not in tests that run in parallel with others.
public func XCTAssertNoLeaks<Result>(
    _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line,
    _ body: () throws -> Result
) rethrows -> Result {
    let before = Resources.total
    let result = try body()
    let after = Resources.total
    if after != before {
        let alive = after - before
        TestFailure.record(
            "XCTAssertNoLeaks failed: \(alive) resource\(alive == 1 ? "" : "s") still alive (Resources.total \(before) before, \(after) after)"
                + (message().isEmpty ? "" : " - \(message())"),
            filePath: file, line: line)
    }
    return result
}

/// Fails at `file`/`line` with a readable list of the positions where `actual` and `expected` differ.
func assertSequencesEqual<Item: Equatable>(
    _ actual: [Item], _ expected: [Item], message: String, file: StaticString, line: UInt
) {
    if actual == expected { return }
    TestFailure.record(describeDifferences(actual, expected, message: message), filePath: file, line: line)
}

/// The failure text: each differing index with both sides, both sequences in full, then a −/+
/// diff of the two, one item per line (as `TestStore` shows state).
func describeDifferences<Item: Equatable>(_ actual: [Item], _ expected: [Item], message: String) -> String {
    var lines = [
        "XCTAssertEqual failed: sequences differ"
            + (actual.count == expected.count ? "" : " (\(actual.count) vs \(expected.count) items)")
            + (message.isEmpty ? "" : " - \(message)")
    ]
    var diff: [String] = []
    for index in 0..<max(actual.count, expected.count) {
        let left = index < actual.count ? actual[index] : nil
        let right = index < expected.count ? expected[index] : nil
        if let left, let right, left == right {
            diff.append("    \(describe(left))")
            continue
        }
        lines.append("  [\(index)] \(describe(left)) != \(describe(right))")
        if let right { diff.append("  \u{2212} \(describe(right))") }
        if let left { diff.append("  + \(describe(left))") }
    }
    lines.append("  lhs: \(describeAll(actual))")
    lines.append("  rhs: \(describeAll(expected))")
    lines.append("")
    lines.append(contentsOf: diff)
    lines.append("")
    lines.append("  (Expected: \u{2212}, Actual: +)")
    return lines.joined(separator: "\n")
}

private func describe<Item>(_ item: Item?) -> String {
    item.map { String(describing: $0) } ?? "(missing)"
}

private func describeAll<Item>(_ items: [Item]) -> String {
    "[" + items.map { String(describing: $0) }.joined(separator: ", ") + "]"
}
