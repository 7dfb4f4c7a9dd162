// swift-tools-version:6.0
import PackageDescription

// An app built outside Bistro on its app library: Bistro's three features and one of its own
// (today's specials), wired by a plugin list. `bistro` links to the repository's root, so that
// the dependency's identity is "bistro" wherever the repository is checked out.
let package = Package(
    name: "SpecialsApp",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "bistro")],
    targets: [
        // the feature: depends on the contract and service interfaces only, as Bistro's own do
        .target(
            name: "Specials",
            dependencies: [
                .product(name: "FeatureContract", package: "bistro"),
                .product(name: "ArgumentParsing", package: "bistro"),
                .product(name: "PersistenceInterface", package: "bistro"),
                .product(name: "Reactive", package: "bistro"),
                .product(name: "RemoteConfigInterface", package: "bistro"),
                .product(name: "TerminalUI", package: "bistro"),
            ],
            path: "Sources/Specials"),
        // the executable: a description and the plugin list
        .executableTarget(
            name: "SpecialsApp",
            dependencies: [
                "Specials",
                .product(name: "BistroApp", package: "bistro"),
                .product(name: "Menu", package: "bistro"),
                .product(name: "Contacts", package: "bistro"),
                .product(name: "Auth", package: "bistro"),
            ],
            path: "Sources/SpecialsApp"),
        // the feature's tests: its table, its screen, and the commands run in process
        .testTarget(
            name: "SpecialsTests",
            dependencies: [
                "Specials",
                .product(name: "BistroApp", package: "bistro"),
                .product(name: "FeatureContract", package: "bistro"),
                .product(name: "FeatureContractTesting", package: "bistro"),
                .product(name: "Menu", package: "bistro"),
                .product(name: "Persistence", package: "bistro"),
                .product(name: "PersistenceInterface", package: "bistro"),
                .product(name: "Reactive", package: "bistro"),
                .product(name: "RemoteConfigInterface", package: "bistro"),
                .product(name: "RemoteConfigTesting", package: "bistro"),
                .product(name: "TerminalUI", package: "bistro"),
            ],
            path: "Tests/SpecialsTests"),
    ],
    swiftLanguageModes: [.v6]
)
