/// How a blocked-on sequence ended, with the elements it sent before (RxBlocking's result of `materialize`).
@frozen
public enum MaterializedSequenceResult<T> {
    /// The sequence completed after sending `elements`.
    case completed(elements: [T])
    /// The sequence failed with `error` (or timed out) after sending `elements`.
    case failed(elements: [T], error: Error)
}

extension MaterializedSequenceResult: Sendable where T: Sendable {}
