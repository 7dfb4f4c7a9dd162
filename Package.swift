// swift-tools-version:6.0
import PackageDescription

// Every module is a library product of its own, so another package can depend on just the piece it
// needs (for example only `Reactive`). Sources live in Modules/<Name>, tests in Tests/<Name>Tests,
// executables in Apps/<Name>.
let package = Package(
    name: "Bistro",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: [
        .library(name: "Reactive", targets: ["Reactive"]),
        .library(name: "ReactiveTesting", targets: ["ReactiveTesting"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .executable(name: "bistro", targets: ["Bistro"]),
        .executable(name: "bistro-bench", targets: ["Benchmarks"]),
        .library(name: "PersistenceInterface", targets: ["PersistenceInterface"]),
        .library(name: "Persistence", targets: ["Persistence"]),
        .executable(name: "persistence-crash-writer", targets: ["PersistenceCrashWriter"]),
    ],
    targets: [
        // core
        .target(name: "Reactive", path: "Modules/Reactive"),
        // core testing
        .target(name: "ReactiveTesting", dependencies: ["Reactive"], path: "Modules/ReactiveTesting"),

        // MARK: TerminalUI
        // presentation: the terminal view layer (UIKit + RxCocoa's part); core only
        .target(name: "TerminalUI", dependencies: ["Reactive"], path: "Modules/TerminalUI"),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "Reactive"], path: "Tests/TerminalUITests"),
        // MARK: end TerminalUI

        // composition root and benchmarks
        .executableTarget(name: "Bistro", dependencies: ["Reactive"], path: "Apps/Bistro"),
        .executableTarget(name: "Benchmarks", dependencies: ["Reactive", "BenchmarkSupport", "Persistence", "PersistenceInterface"], path: "Apps/Benchmarks"),
        .target(name: "BenchmarkSupport", dependencies: ["CSQLite"], path: "Apps/BenchmarkSupport"),

        // MARK: Persistence
        // SQLite as the single source of truth: the system library, the interface features program
        // against, the implementation, the child process of the crash test, and their tests.
        .systemLibrary(name: "CSQLite", path: "Modules/CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "PersistenceInterface", dependencies: ["Reactive"], path: "Modules/PersistenceInterface"),
        .target(name: "Persistence", dependencies: ["PersistenceInterface", "Reactive", "CSQLite"], path: "Modules/Persistence"),
        .executableTarget(name: "PersistenceCrashWriter", dependencies: ["Persistence", "PersistenceInterface"], path: "Apps/PersistenceCrashWriter"),
        .testTarget(name: "PersistenceInterfaceTests", dependencies: ["PersistenceInterface", "Reactive"], path: "Tests/PersistenceInterfaceTests"),
        .testTarget(
            name: "PersistenceTests",
            dependencies: ["Persistence", "PersistenceInterface", "Reactive", "PersistenceCrashWriter"],
            path: "Tests/PersistenceTests"
        ),
        // MARK: end Persistence

        // tests, one target per module
        .testTarget(name: "ReactiveTests", dependencies: ["Reactive", "ReactiveTesting"], path: "Tests/ReactiveTests"),
        .testTarget(name: "ReactiveTestingTests", dependencies: ["Reactive", "ReactiveTesting"], path: "Tests/ReactiveTestingTests"),
    ],
    swiftLanguageModes: [.v6]
)
