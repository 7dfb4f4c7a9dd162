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
        .library(name: "Architecture", targets: ["Architecture"]),
        .library(name: "ArchitectureTesting", targets: ["ArchitectureTesting"]),
        .executable(name: "bistro", targets: ["Bistro"]),
        .executable(name: "bistro-bench", targets: ["Benchmarks"]),
    ],
    targets: [
        // core
        .target(name: "Reactive", path: "Modules/Reactive"),
        // core testing
        .target(name: "ReactiveTesting", dependencies: ["Reactive"], path: "Modules/ReactiveTesting"),

        // composition root and benchmarks
        .executableTarget(name: "Bistro", dependencies: ["Reactive"], path: "Apps/Bistro"),
        .executableTarget(name: "Benchmarks", dependencies: ["Reactive", "Architecture", "BenchmarkSupport"], path: "Apps/Benchmarks"),
        .target(name: "BenchmarkSupport", path: "Apps/BenchmarkSupport"),

        // tests, one target per module
        .testTarget(name: "ReactiveTests", dependencies: ["Reactive", "ReactiveTesting"], path: "Tests/ReactiveTests"),
        .testTarget(name: "ReactiveTestingTests", dependencies: ["Reactive", "ReactiveTesting"], path: "Tests/ReactiveTestingTests"),

        // MARK: Architecture
        // Store, reducers, effects, middleware and dependency values (issue 5), and its TestStore.
        .target(name: "Architecture", dependencies: ["Reactive"], path: "Modules/Architecture"),
        .target(name: "ArchitectureTesting", dependencies: ["Architecture", "ReactiveTesting"], path: "Modules/ArchitectureTesting"),
        .testTarget(
            name: "ArchitectureTests", dependencies: ["Architecture", "ArchitectureTesting", "Reactive"],
            path: "Tests/ArchitectureTests"),
        .testTarget(
            name: "ArchitectureTestingTests", dependencies: ["Architecture", "ArchitectureTesting"],
            path: "Tests/ArchitectureTestingTests"),
        // MARK: end Architecture
    ],
    swiftLanguageModes: [.v6]
)
