import Reactive
import XCTest

/// Runs `onDeinit` when released: the observer captures one, so it is released only once every sink
/// of the operator under test has let go of the observer.
private final class ReleaseTracker {
    private let onDeinit: () -> Void
    init(_ onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
}

/// The combining operators keep reference cycles between their sinks and inner observers while a
/// subscription runs; these tests check that completion or disposal breaks every one of them.
final class CombiningReleaseTests: XCTestCase {
    private func assertReleased(
        _ name: String, file: StaticString = #filePath, line: UInt = #line,
        _ make: (PublishSubject<Int>, PublishSubject<Int>) -> Observable<Int>
    ) {
        for disposeEarly in [false, true] {
            var released = false
            do {
                let tracker = ReleaseTracker { released = true }
                let a = PublishSubject<Int>()
                let b = PublishSubject<Int>()
                let subscription = make(a, b).subscribe(onNext: { _ in withExtendedLifetime(tracker) {} })
                a.onNext(1)
                b.onNext(2)
                a.onNext(3)
                if disposeEarly {
                    subscription.dispose()
                } else {
                    a.onCompleted()
                    b.onCompleted()
                }
            }
            XCTAssertTrue(released, "\(name), \(disposeEarly ? "disposed" : "completed")", file: file, line: line)
        }
    }

    func testEveryOperatorReleasesItsObserverAfterCompletionOrDisposal() {
        assertReleased("merge") { Observable.merge($0.asObservable(), $1.asObservable()) }
        assertReleased("flatMap") { a, b in a.flatMap { _ in b } }
        assertReleased("flatMapFirst") { a, b in a.flatMapFirst { _ in b } }
        assertReleased("concatMap") { a, b in a.concatMap { _ in b } }
        assertReleased("flatMapLatest") { a, b in a.flatMapLatest { _ in b } }
        assertReleased("concat") { a, b in a.concat(b) }
        assertReleased("combineLatest") { Observable.combineLatest($0, $1) { $0 + $1 } }
        assertReleased("combineLatest collection") { Observable.combineLatest([$0, $1]) { $0.count } }
        assertReleased("zip") { Observable.zip($0, $1) { $0 + $1 } }
        assertReleased("zip collection") { Observable.zip([$0, $1]) { $0.count } }
        assertReleased("withLatestFrom") { $0.withLatestFrom($1) }
        assertReleased("startWith") { a, _ in a.startWith(0) }
        assertReleased("amb") { $0.amb($1) }
        assertReleased("sample") { $0.sample($1) }
    }
}
