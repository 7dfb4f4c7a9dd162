import Reactive

/// A type that can present itself as a `SharedSequence` (RxCocoa's `SharedSequenceConvertibleType`).
public protocol SharedSequenceConvertibleType: ObservableConvertibleType {
    /// How the sequence shares and where it delivers.
    associatedtype SharingStrategy: SharingStrategyProtocol

    /// This sequence as a `SharedSequence`.
    func asSharedSequence() -> SharedSequence<SharingStrategy, Element>
}

/// A sequence that never fails, delivers on its strategy's scheduler and shares its source as the
/// strategy says (RxCocoa's `SharedSequence`; `Driver` and `Signal` are its two kinds).
///
/// Made from an observable by saying what replaces an error (`asDriver(onErrorJustReturn:)`, …),
/// so that what a view binds to cannot end with an error or arrive on another thread.
public struct SharedSequence<SharingStrategy: SharingStrategyProtocol, Element>: SharedSequenceConvertibleType,
    ObservableConvertibleType
{
    let source: Observable<Element>

    /// A sequence over `source`, shared as `SharingStrategy` says. `source` must already deliver on
    /// the sharing scheduler and never fail.
    init(_ source: Observable<Element>) {
        self.source = SharingStrategy.share(source)
    }

    /// A sequence over `source` as it is, not shared (for sources that hold no subscription
    /// worth sharing: `just`, `empty`, `never`).
    init(raw source: Observable<Element>) {
        self.source = source
    }

    /// The sequence as a plain `Observable`.
    public func asObservable() -> Observable<Element> { source }

    /// This sequence.
    public func asSharedSequence() -> SharedSequence<SharingStrategy, Element> { self }
}

extension SharedSequence {
    /// A sequence that completes at once (on the sharing scheduler).
    public static func empty() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.empty().subscribe(on: SharingStrategy.scheduler))
    }

    /// A sequence that never sends anything.
    public static func never() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.never())
    }

    /// A sequence of `element`, then completion (on the sharing scheduler).
    public static func just(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.just(element).subscribe(on: SharingStrategy.scheduler))
    }

    /// A sequence made by `observableFactory` for each subscription.
    public static func deferred(
        _ observableFactory: @escaping () -> SharedSequence<SharingStrategy, Element>
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.deferred { observableFactory().asObservable() })
    }

    /// A sequence of `elements`, sent on the sharing scheduler, then completion.
    public static func of(_ elements: Element...) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(elements, scheduler: SharingStrategy.scheduler))
    }

    /// A sequence of the elements of `array`, sent on the sharing scheduler, then completion.
    public static func from(_ array: [Element]) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(array, scheduler: SharingStrategy.scheduler))
    }

    /// A sequence of the elements of `sequence`, sent on the sharing scheduler, then completion.
    public static func from<Source: Sequence>(_ sequence: Source) -> SharedSequence<SharingStrategy, Element>
    where Source.Element == Element {
        SharedSequence(raw: Observable.from(sequence, scheduler: SharingStrategy.scheduler))
    }

    /// A sequence of `optional`'s value if it has one, then completion (on the sharing scheduler).
    public static func from(optional: Element?) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(optional: optional, scheduler: SharingStrategy.scheduler))
    }
}

extension SharedSequence where Element: RxAbstractInteger {
    /// 0, 1, 2, … one every `period` on the sharing scheduler, shared.
    public static func interval(_ period: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.interval(period, scheduler: SharingStrategy.scheduler))
    }

    /// 0 after `dueTime`, then (with a `period`) 1, 2, … every `period`, on the sharing scheduler, shared.
    public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval? = nil) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.timer(dueTime, period: period, scheduler: SharingStrategy.scheduler))
    }
}
