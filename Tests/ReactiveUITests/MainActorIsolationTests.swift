import Foundation
import TestSupport
import XCTest

/// What the compiler accepts and rejects about the main actor and drivers, checked by type-checking
/// small files against the modules this test run was built with (`swiftc -typecheck`, Swift 6
/// mode). The accepted side is also compiled for real in TerminalUITests (MainActorScreen.swift).
final class MainActorIsolationTests: XCTestCase {
    func testAViewControllerDrivesAndEmitsWithClosuresTouchingItsState() throws {
        let diagnostics = try typecheck(
            """
            @MainActor final class Screen {
                var text = ""
                var taps = 0
                func show(_ value: String) { text = value }
                func bind(_ texts: Driver<String>, _ taps: Signal<Void>) -> [Disposable] {
                    [texts.drive(onNext: { self.text = $0 }),
                     texts.drive(onNext: show),
                     texts.drive(with: self, onNext: { screen, text in screen.text = text }),
                     taps.emit(onNext: { self.taps += 1 })]
                }
            }
            """, imports: ["Reactive", "ReactiveUI"])
        XCTAssertEqual(diagnostics, [])
    }

    func testCodeNotOnTheMainActorDrivesAndEmitsAsRxCocoasUsersDo() throws {
        // A test or a view model: its closures are the main actor's, and may keep what they see.
        let diagnostics = try typecheck(
            """
            func bind(_ driver: Driver<String>, _ signal: Signal<String>, _ observer: AnyObserver<String>) -> [Disposable] {
                var seen: [String] = []
                return [
                    driver.drive(onNext: { seen.append($0) }, onCompleted: { seen.append("end") }),
                    driver.drive(observer),
                    signal.emit(onNext: { seen.append($0) }),
                    signal.emit(to: observer),
                ]
            }
            """, imports: ["Reactive", "ReactiveUI"])
        XCTAssertEqual(diagnostics, [])
    }

    func testAMainActorClosureCannotBeHandedToAPlainSubscription() throws {
        // An observable says nothing of its thread: a main-actor closure may go to `drive`, not to `subscribe`.
        let diagnostics = try typecheck(
            """
            @MainActor func keep(_ show: @escaping @MainActor (String) -> Void, _ driver: Driver<String>) -> Disposable {
                driver.drive(onNext: show)
            }
            func bind(_ values: Observable<String>, _ show: @escaping @MainActor (String) -> Void) -> Disposable {
                values.subscribe(onNext: show)
            }
            """, imports: ["Reactive", "ReactiveUI"])
        XCTAssertEqual(diagnostics.count, 1, "\(diagnostics)")
        XCTAssertTrue(diagnostics.first?.contains("loses global actor 'MainActor'") ?? false, "\(diagnostics)")
    }
}
