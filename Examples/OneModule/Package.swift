// swift-tools-version:6.0
import PackageDescription

// A package of its own on two of Bistro's modules, exactly as README.md's "Depending on one module"
// says: one product per module it uses, one import each. `bistro` links to the repository's root,
// so that the dependency's identity is "bistro" wherever the repository is checked out.
let package = Package(
    name: "OneModule",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "bistro")],
    targets: [
        .target(
            name: "MyFeature",
            dependencies: [
                .product(name: "Reactive", package: "bistro"), .product(name: "Persistence", package: "bistro"),
            ]),
        .testTarget(
            name: "MyFeatureTests",
            dependencies: [
                "MyFeature", .product(name: "Reactive", package: "bistro"), .product(name: "ReactiveTesting", package: "bistro"),
                .product(name: "Persistence", package: "bistro"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
