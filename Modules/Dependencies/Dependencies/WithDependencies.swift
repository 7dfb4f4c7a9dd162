/// Runs `operation` with the current dependencies changed by `update`; tasks it creates inherit them.
@discardableResult
public func withDependencies<Result>(
    _ update: (inout DependencyValues) throws -> Void, operation: () throws -> Result
) rethrows -> Result {
    var values = DependencyValues.current
    try update(&values)
    return try DependencyValues.$taskValues.withValue(values, operation: operation)
}

/// Runs `operation` with the current dependencies changed by `update`; tasks it creates inherit them.
@discardableResult
public func withDependencies<Result>(
    isolation: isolated (any Actor)? = #isolation,
    _ update: (inout DependencyValues) throws -> Void, operation: () async throws -> Result
) async rethrows -> Result {
    var values = DependencyValues.current
    try update(&values)
    return try await DependencyValues.$taskValues.withValue(values, operation: operation, isolation: isolation)
}

/// Runs `operation` with exactly `values` as the current dependencies.
@usableFromInline
package func withDependencyValues<Result>(_ values: DependencyValues, operation: () throws -> Result) rethrows -> Result {
    try DependencyValues.$taskValues.withValue(values, operation: operation)
}
