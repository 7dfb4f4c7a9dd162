import Foundation
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
            """)
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
            """)
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
            """)
        XCTAssertEqual(diagnostics.count, 1, "\(diagnostics)")
        XCTAssertTrue(diagnostics.first?.contains("loses global actor 'MainActor'") ?? false, "\(diagnostics)")
    }

    // MARK: Type-checking

    private struct CompilerNotFound: Error {}
    private struct CompilerTimedOut: Error {}

    /// The errors and warnings `swiftc -typecheck` reports for `source` (with Reactive and
    /// ReactiveUI imported), one line each.
    private func typecheck(_ source: String) throws -> [String] {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("MainActorIsolation-\(UUID().uuidString).swift")
        try ("import Reactive\nimport ReactiveUI\n\n" + source + "\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }

        let process = Process()
        process.executableURL = try compiler()
        // Reactive imports the CLinuxFutex C module on Linux: its module map, which SwiftPM writes
        // beside its objects, is passed as the build passes it.
        let futexModuleMap = buildDirectory().appendingPathComponent("CLinuxFutex.build/module.modulemap")
        process.arguments =
            ["-typecheck", "-swift-version", "6", "-I", modulesDirectory().path]
            + (FileManager.default.fileExists(atPath: futexModuleMap.path) ? ["-Xcc", "-fmodule-map-file=\(futexModuleMap.path)"] : [])
            + [file.path]
        let output = Pipe()
        process.standardError = output
        process.standardOutput = output
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        guard finished.wait(timeout: .now() + 120) == .success else {
            process.terminate()
            throw CompilerTimedOut()
        }
        return String(decoding: text, as: UTF8.self)
            .split(separator: "\n")
            .filter { $0.hasPrefix(file.path) && ($0.contains(": error: ") || $0.contains(": warning: ")) }
            .map { String($0.dropFirst(file.path.count)) }
    }

    /// The directory of this build, where the test bundle is (`.build/<triple>/debug`).
    private func buildDirectory() -> URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }

    /// The modules of this build: beside the test bundle (`.build/<triple>/debug/Modules`).
    private func modulesDirectory() -> URL {
        buildDirectory().appendingPathComponent("Modules")
    }

    /// `swiftc` of the toolchain running the tests: next to `swift` on the PATH.
    private func compiler() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw CompilerNotFound()
    }
}
