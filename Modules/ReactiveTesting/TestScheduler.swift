import Foundation
import Reactive

/// A virtual-time scheduler for tests: hot and cold test observables, recording observers, and
/// `start` to run a sequence through a create / subscribe / dispose timeline (RxTest's `TestScheduler`).
///
/// Drive it from one thread; like every virtual-time scheduler it is not thread-safe.
public class TestScheduler: VirtualTimeScheduler<TestSchedulerVirtualTimeConverter> {
    /// The times `start` uses when none are given.
    public struct Defaults {
        /// When `start` creates the sequence under test.
        public static let created = 100
        /// When `start` subscribes to the sequence under test.
        public static let subscribed = 200
        /// When `start` disposes the subscription.
        public static let disposed = 1000
    }

    private let simulateProcessingDelay: Bool

    /// A test scheduler whose clock starts at `initialClock`; one tick lasts `resolution` seconds, and
    /// with `simulateProcessingDelay` work scheduled for now or the past runs one tick later.
    public init(initialClock: TestTime, resolution: Double = 1.0, simulateProcessingDelay: Bool = true) {
        self.simulateProcessingDelay = simulateProcessingDelay
        super.init(initialClock: initialClock, converter: TestSchedulerVirtualTimeConverter(resolution: resolution))
    }

    /// A hot observable that sends `events` at their absolute times, whether or not anyone listens.
    public func createHotObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        HotObservable(testScheduler: self, recordedEvents: events)
    }

    /// A cold observable that sends `events` to each subscriber at their times relative to its subscription.
    public func createColdObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        ColdObservable(testScheduler: self, recordedEvents: events)
    }

    /// An observer that records every event it receives with the scheduler's clock.
    public func createObserver<Element>(_ type: Element.Type) -> TestableObserver<Element> {
        TestableObserver(scheduler: self)
    }

    /// Runs `action` at the absolute virtual time `time`.
    public func scheduleAt(_ time: TestTime, action: @escaping () -> Void) {
        _ = scheduleAbsoluteVirtual((), time: time) { _ in
            action()
            return Disposables.create()
        }
    }

    /// With `simulateProcessingDelay`, work due now or in the past runs at `clock + 1`; otherwise at `clock`.
    override public func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime {
        time <= clock ? clock + (simulateProcessingDelay ? 1 : 0) : time
    }

    /// Creates the sequence at `created`, subscribes a recording observer at `subscribed`, disposes the
    /// subscription at `disposed`, runs the scheduler until idle and returns the observer.
    public func start<Element>(
        created: TestTime, subscribed: TestTime, disposed: TestTime, create: @escaping () -> Observable<Element>
    ) -> TestableObserver<Element> {
        run(created: created, subscribed: subscribed, disposed: disposed, create: create)
    }

    /// `start` with the default creation (100) and subscription (200) times and disposal at `disposed`.
    public func start<Element>(disposed: TestTime, create: @escaping () -> Observable<Element>) -> TestableObserver<Element> {
        run(created: Defaults.created, subscribed: Defaults.subscribed, disposed: disposed, create: create)
    }

    /// `start` with the default times: created 100, subscribed 200, disposed 1000.
    public func start<Element>(_ create: @escaping () -> Observable<Element>) -> TestableObserver<Element> {
        run(created: Defaults.created, subscribed: Defaults.subscribed, disposed: Defaults.disposed, create: create)
    }

    /// `start` for any observable-convertible sequence (a test observable, a trait, a relay).
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        created: TestTime, subscribed: TestTime, disposed: TestTime, create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        run(created: created, subscribed: subscribed, disposed: disposed, create: create)
    }

    /// `start(disposed:create:)` for any observable-convertible sequence.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        disposed: TestTime, create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        run(created: Defaults.created, subscribed: Defaults.subscribed, disposed: disposed, create: create)
    }

    /// `start(_:)` for any observable-convertible sequence.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        _ create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        run(created: Defaults.created, subscribed: Defaults.subscribed, disposed: Defaults.disposed, create: create)
    }

    private func run<Element, OutputSequence: ObservableConvertibleType>(
        created: TestTime, subscribed: TestTime, disposed: TestTime, create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        var source: OutputSequence?
        var subscription: Disposable?
        let observer = createObserver(Element.self)

        _ = scheduleAbsoluteVirtual((), time: created) { _ in
            source = create()
            return Disposables.create()
        }

        _ = scheduleAbsoluteVirtual((), time: subscribed) { _ in
            guard let source else { fatalError("TestScheduler.start: subscribed (\(subscribed)) before created (\(created))") }
            subscription = source.asObservable().subscribe(observer)
            return Disposables.create()
        }

        _ = scheduleAbsoluteVirtual((), time: disposed) { _ in
            subscription?.dispose()
            return Disposables.create()
        }

        start()

        return observer
    }
}
