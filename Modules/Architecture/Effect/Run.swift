import Dependencies

extension Effect {
    /// An effect that runs `operation` in a new task with the store's dependencies; `send` delivers
    /// actions back. An error thrown by `operation` goes to `handler`, or, without one, is reported
    /// as an issue (a cancelled effect's `CancellationError` is not an error).
    public static func run(
        priority: TaskPriority? = nil,
        operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
        catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Effect {
        let location = IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return Effect(
            .run(priority: priority) { send in
                do {
                    try await operation(send)
                } catch is CancellationError where Task.isCancelled {
                    return
                } catch {
                    if let handler {
                        await handler(error, send)
                    } else {
                        reportIssue(
                            "An \"Effect.run\" returned from \(location) threw an unhandled error: \(error). "
                                + "Handle errors inside the operation or pass a \"catch\" handler.",
                            at: location)
                    }
                }
            })
    }
}
