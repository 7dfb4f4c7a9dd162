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
        .library(name: "RemoteConfigInterface", targets: ["RemoteConfigInterface"]),
        .library(name: "RemoteConfig", targets: ["RemoteConfig"]),
        .library(name: "RemoteConfigTesting", targets: ["RemoteConfigTesting"]),
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
        .executableTarget(name: "Benchmarks", dependencies: ["Reactive", "BenchmarkSupport"], path: "Apps/Benchmarks"),
        .target(name: "BenchmarkSupport", path: "Apps/BenchmarkSupport"),

        // tests, one target per module
        .testTarget(name: "ReactiveTests", dependencies: ["Reactive", "ReactiveTesting"], path: "Tests/ReactiveTests"),
        .testTarget(name: "ReactiveTestingTests", dependencies: ["Reactive", "ReactiveTesting"], path: "Tests/ReactiveTestingTests"),

        // MARK: RemoteConfig
        // The interface holds protocols, values and errors only; the live client (HTTP, file storage)
        // and the fakes depend on it, and features depend on the interface alone.
        .target(name: "RemoteConfigInterface", dependencies: ["Reactive"], path: "Modules/RemoteConfigInterface"),
        .target(
            name: "RemoteConfig", dependencies: ["RemoteConfigInterface", "Reactive"], path: "Modules/RemoteConfig"
        ),
        .target(
            name: "RemoteConfigTesting", dependencies: ["RemoteConfigInterface", "Reactive"],
            path: "Modules/RemoteConfigTesting"
        ),
        .testTarget(
            name: "RemoteConfigInterfaceTests",
            dependencies: ["RemoteConfigInterface", "Reactive", "ReactiveTesting"],
            path: "Tests/RemoteConfigInterfaceTests"
        ),
        .testTarget(
            name: "RemoteConfigTests",
            dependencies: ["RemoteConfig", "RemoteConfigInterface", "Reactive", "ReactiveTesting"],
            path: "Tests/RemoteConfigTests"
        ),
        .testTarget(
            name: "RemoteConfigTestingTests",
            dependencies: ["RemoteConfigTesting", "RemoteConfigInterface", "Reactive", "ReactiveTesting"],
            path: "Tests/RemoteConfigTestingTests"
        ),
        // MARK: end RemoteConfig
    ],
    swiftLanguageModes: [.v6]
)
