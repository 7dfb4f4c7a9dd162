// swift-tools-version:6.0
import PackageDescription

// A package written against Bistro's names before they were renamed or deprecated: it must still
// build, each old name warning with what replaces it (Scripts/check-example.sh checks the
// warnings). `bistro` links to the repository's root, as the other examples do.
let package = Package(
    name: "DeprecatedNames",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "bistro")],
    targets: [
        .target(
            name: "OldNames",
            dependencies: [
                .product(name: "ContactsInterface", package: "bistro"),
                .product(name: "Reactive", package: "bistro"),
                .product(name: "RemoteConfigInterface", package: "bistro"),
                .product(name: "RemoteConfigTesting", package: "bistro"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
