/// The error an `unimplemented` throwing endpoint throws after reporting the issue.
public struct UnimplementedFailure: Error, Equatable, CustomStringConvertible {
    /// The name given to `unimplemented`.
    public let name: String

    /// `Unimplemented: 'name'`.
    public var description: String { "Unimplemented: '\(name)'" }
}

/// An endpoint that reports "Unimplemented: 'name'" as an issue (a test failure inside tests) each
/// time it is called, then returns `placeholder`.
///
/// Test values are built from these, so a test fails when it reaches a dependency it did not set up.
/// Inside a type with a static named `unimplemented`, call it as `Dependencies.unimplemented(...)`.
public func unimplemented<each Argument, Result: Sendable>(
    _ name: String, placeholder: Result,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return { (_: repeat each Argument) -> Result in
        reportIssue(UnimplementedFailure(name: name).description, at: location)
        return placeholder
    }
}

/// An async endpoint that reports "Unimplemented: 'name'" each time it is called, then returns `placeholder`.
public func unimplemented<each Argument, Result: Sendable>(
    _ name: String, placeholder: Result,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> @Sendable (repeat each Argument) async -> Result {
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return { (_: repeat each Argument) async -> Result in
        reportIssue(UnimplementedFailure(name: name).description, at: location)
        return placeholder
    }
}

/// An endpoint returning nothing that reports "Unimplemented: 'name'" each time it is called.
public func unimplemented<each Argument>(
    _ name: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> @Sendable (repeat each Argument) -> Void {
    unimplemented(name, placeholder: (), fileID: fileID, filePath: filePath, line: line, column: column)
}

/// A throwing endpoint that reports "Unimplemented: 'name'" each time it is called, then throws `UnimplementedFailure`.
public func unimplemented<each Argument, Result>(
    _ name: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Result {
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return { (_: repeat each Argument) throws -> Result in
        reportIssue(UnimplementedFailure(name: name).description, at: location)
        throw UnimplementedFailure(name: name)
    }
}

/// An async throwing endpoint that reports "Unimplemented: 'name'" each time it is called, then throws `UnimplementedFailure`.
public func unimplemented<each Argument, Result>(
    _ name: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> @Sendable (repeat each Argument) async throws -> Result {
    let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    return { (_: repeat each Argument) async throws -> Result in
        reportIssue(UnimplementedFailure(name: name).description, at: location)
        throw UnimplementedFailure(name: name)
    }
}

/// A value that reports "Unimplemented: 'name'" when it is read, then returns `placeholder`;
/// for dependencies that are plain values rather than endpoints.
public func unimplemented<Value>(
    _ name: String, value placeholder: Value,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Value {
    reportIssue(
        UnimplementedFailure(name: name).description,
        at: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    return placeholder
}
