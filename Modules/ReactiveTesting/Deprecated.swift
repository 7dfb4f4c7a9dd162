import Reactive

// RxTest's older spellings, kept so that test suites written against them still compile; each
// says what replaced it. (RxTest warns about the free functions at run time; here the compiler does.)

/// A value recorded at `time` (RxTest's free function; `Recorded.next(_:_:)` replaced it).
@available(*, deprecated, message: "use Recorded.next(_:_:) (.next(time, element) in an array of recorded events)")
public func next<T>(_ time: TestTime, _ element: T) -> Recorded<Event<T>> {
    Recorded.next(time, element)
}

/// Completion recorded at `time` (RxTest's free function; `Recorded.completed(_:_:)` replaced it).
@available(*, deprecated, message: "use Recorded.completed(_:_:) (.completed(time) in an array of recorded events)")
public func completed<T>(_ time: TestTime, _ type: T.Type = T.self) -> Recorded<Event<T>> {
    Recorded.completed(time, type)
}

/// An error recorded at `time` (RxTest's free function; `Recorded.error(_:_:_:)` replaced it).
@available(*, deprecated, message: "use Recorded.error(_:_:_:) (.error(time, error) in an array of recorded events)")
public func error<T>(_ time: TestTime, _ error: Swift.Error, _ type: T.Type = T.self) -> Recorded<Event<T>> {
    Recorded.error(time, error, type)
}

extension TestScheduler {
    /// `start(disposed:create:)` without its label, as RxTest 3 spelled it.
    @available(*, deprecated, renamed: "start(disposed:create:)")
    public func start<Element>(_ disposed: TestTime, create: @escaping () -> Observable<Element>) -> TestableObserver<Element> {
        start(disposed: disposed, create: create)
    }

    /// `start(created:subscribed:disposed:create:)` without its first label, as RxTest 3 spelled it.
    @available(*, deprecated, renamed: "start(created:subscribed:disposed:create:)")
    public func start<Element>(
        _ created: TestTime, subscribed: TestTime, disposed: TestTime, create: @escaping () -> Observable<Element>
    ) -> TestableObserver<Element> {
        start(created: created, subscribed: subscribed, disposed: disposed, create: create)
    }
}
