import Reactive

extension BlockingObservable {
    /// All the elements, once the sequence completes; throws the sequence's error.
    public func toArray() throws -> [Element] {
        try elementsOrThrow(materializeResult())
    }

    /// The first element (`nil` if the sequence completes empty); stops the sequence after it arrives.
    public func first() throws -> Element? {
        try elementsOrThrow(materializeResult(max: 1)).first
    }

    /// The last element (`nil` if the sequence completes empty), once the sequence completes.
    public func last() throws -> Element? {
        try elementsOrThrow(materializeResult()).last
    }

    /// The only element; throws `RxError.noElements` if there is none, `RxError.moreThanOneElement`
    /// as soon as a second one arrives.
    public func single() throws -> Element {
        try single { _ in true }
    }

    /// The only element satisfying `predicate`; throws `RxError.noElements` if none does,
    /// `RxError.moreThanOneElement` as soon as a second one does.
    public func single(_ predicate: @escaping (Element) throws -> Bool) throws -> Element {
        let elements = try elementsOrThrow(materializeResult(max: 2, predicate: predicate))
        if elements.count > 1 { throw RxError.moreThanOneElement }
        guard let element = elements.first else { throw RxError.noElements }
        return element
    }

    /// How the sequence ended and the elements it sent, without throwing.
    public func materialize() -> MaterializedSequenceResult<Element> {
        materializeResult()
    }
}
