import Dependencies
import Reactive

extension Effect {
    /// An effect that subscribes to the sequence `make` returns and sends each of its values as an
    /// action; disposing the subscription is how it is cancelled. An error goes to `onError` (which
    /// may answer with an action), or, without one, is reported as an issue.
    ///
    /// The sequence is made when the effect starts, on the thread that runs it: an `Observable` is
    /// not `Sendable`, a closure that makes one can be.
    public static func observable(
        _ make: @escaping @Sendable () -> Observable<Action>,
        onError: (@Sendable (any Error) -> Action?)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Effect {
        Effect(
            .observable(
                make: make, onError: onError,
                location: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column)))
    }
}
