/// A sequence with a trait that limits what it may emit: `Single`, `Maybe` or `Completable`.
///
/// It wraps an `Observable` that keeps the trait's promise; only this module builds one from a raw
/// observable (`init(raw:)`), so every instance comes from an operator that enforces the promise.
public struct PrimitiveSequence<Trait, Element> {
    let source: Observable<Element>

    init(raw: Observable<Element>) {
        source = raw
    }
}

/// A type that can present itself as a `PrimitiveSequence`, so trait operators can be written once as
/// protocol extensions (`extension PrimitiveSequenceType where Trait == SingleTrait`).
public protocol PrimitiveSequenceType {
    /// The trait: `SingleTrait`, `MaybeTrait` or `CompletableTrait`.
    associatedtype Trait
    /// The type of the value.
    associatedtype Element

    /// This sequence as a `PrimitiveSequence`.
    var primitiveSequence: PrimitiveSequence<Trait, Element> { get }
}

extension PrimitiveSequence: PrimitiveSequenceType {
    /// This sequence.
    public var primitiveSequence: PrimitiveSequence<Trait, Element> { self }
}

extension PrimitiveSequence: ObservableConvertibleType {
    /// The sequence as a plain `Observable`.
    public func asObservable() -> Observable<Element> { source }
}

/// The trait of `Single`: exactly one value, or an error.
public enum SingleTrait {}

/// The trait of `Maybe`: one value, completion without a value, or an error.
public enum MaybeTrait {}

/// The trait of `Completable`: completion or an error, never a value.
public enum CompletableTrait {}

extension PrimitiveSequence {
    /// A sequence that calls `observableFactory` on each subscription and runs what it returns; a
    /// thrown error fails that subscription.
    public static func deferred(
        _ observableFactory: @escaping () throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.deferred { try observableFactory().asObservable() })
    }

    /// On an error, continues with the sequence `handler` returns for it; a thrown error fails the sequence.
    public func `catch`(
        _ handler: @escaping (Swift.Error) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.catch { error in try handler(error).asObservable() })
    }

    /// RxSwift 5's name for `catch(_:)`.
    @available(*, deprecated, renamed: "catch(_:)")
    public func catchError(
        _ handler: @escaping (Swift.Error) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        `catch`(handler)
    }

    /// On an error, subscribes again, as often as needed.
    public func retry() -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry())
    }

    /// Subscribes up to `maxAttemptCount` times in all; after the last attempt fails, fails with its error.
    public func retry(_ maxAttemptCount: Int) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(maxAttemptCount))
    }
}
