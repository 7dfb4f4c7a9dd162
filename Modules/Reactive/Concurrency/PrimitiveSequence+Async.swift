// RxSwift's bridges from async work to the traits (PrimitiveSequence+Concurrency). Each
// subscription runs the work in a task of its own; disposing cancels it.

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// A single that runs `work` in a new task on each subscription (detached from the subscriber's
    /// context when `detached`, at `priority` when given) and succeeds with its result; a thrown
    /// error fails it.
    public static func create(
        detached: Bool = false, priority: TaskPriority? = nil,
        work: @escaping @Sendable () async throws -> Element
    ) -> Single<Element> {
        PrimitiveSequence(raw: AsyncOperation(work, detached: detached, priority: priority))
    }

    /// A single that runs `block` in a new task on each subscription and succeeds with its result.
    public static func from(_ block: @escaping @Sendable () async throws -> Element) -> Single<Element> {
        create(work: block)
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// A maybe that runs `block` in a new task on each subscription and succeeds with its result,
    /// or, with no block, completes empty.
    public static func from(_ block: (@Sendable () async throws -> Element)?) -> Maybe<Element> {
        guard let block else { return Maybe.empty() }
        return PrimitiveSequence(raw: AsyncOperation(block))
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// A completable that runs `block` in a new task on each subscription and completes when it returns.
    public static func from(_ block: @escaping @Sendable () async throws -> Void) -> Completable {
        PrimitiveSequence(raw: AsyncOperation(block).ignoreElements())
    }
}
