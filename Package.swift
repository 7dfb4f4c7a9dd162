// swift-tools-version:6.0
import PackageDescription

// Bistro: one manifest, grouped by the layers of Scripts/module-layers.json (checked by Scripts/check-imports.sh). Every module is
// a library product of its own, so another package can depend on just the piece it needs. Sources
// live in Modules/<Name>, tests in Tests/<Name>Tests, executables in Apps/<Name>.

/// A library module in Modules/<name>.
func module(_ name: String, _ dependencies: [Target.Dependency] = []) -> Target {
    .target(name: name, dependencies: dependencies, path: "Modules/\(name)")
}

/// Where the SDK has what a system library brings elsewhere (SQLite), and where there is no SDK for it.
let applePlatforms: [Platform] = [.macOS, .iOS, .tvOS, .watchOS]

/// The test target of a module, in Tests/<name>Tests.
func tests(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .testTarget(name: "\(name)Tests", dependencies: [.target(name: name)] + dependencies, path: "Tests/\(name)Tests")
}

// C shims: what Swift cannot call directly (a variadic function, a casting macro), each used by one
// module and no product of its own.
let shims: [Target] = [
    // Linux's futex and thread id, for Reactive's lock there
    .target(name: "CLinuxFutex", path: "Modules/CLinuxFutex"),
    // sqlite3_db_config and SQLITE_TRANSIENT, over the SDK's SQLite on Apple platforms and CSQLite elsewhere
    .target(
        name: "CSQLiteSupport", dependencies: [.target(name: "CSQLite", condition: .when(platforms: [.linux]))],
        path: "Modules/CSQLiteSupport", linkerSettings: [.linkedLibrary("sqlite3", .when(platforms: applePlatforms))]),
]

let modules: [Target] = [
    // core
    module("Reactive", [.target(name: "CLinuxFutex", condition: .when(platforms: [.linux]))]),
    // core testing
    module("ReactiveTesting", ["Reactive"]),

    // dependencies: DependencyValues, @Dependency, withDependencies, unimplemented, issue reporting
    // (as swift-dependencies is to TCA), for interfaces that declare a client's dependency key
    module("Dependencies", ["Reactive"]),

    // architecture: store, reducers, effects, middleware; and its TestStore
    module("Architecture", ["Reactive", "Dependencies"]),
    module("ArchitectureTesting", ["Architecture", "Dependencies", "Reactive", "ReactiveTesting"]),
    // ReSwift's API on the store above: ReSwift code compiles with its import changed
    module("ReSwiftCompatibility", ["Architecture", "Reactive"]),

    // command line: typed commands in swift-argument-parser's model (ParsableCommand, @Option, ...)
    module("ArgumentParsing"),

    // platform: files and HTTP with errors that say what happened, for every module that keeps files
    // or reaches a server (total deadlines and body limits enforced here)
    module("FileSystem"),
    // HTTP over sockets and OpenSSL's libssl (Debian's libssl-dev) on Linux; over URLSession on Apple platforms
    .systemLibrary(name: "CLibSSL", path: "Modules/CLibSSL", pkgConfig: "libssl", providers: [.apt(["libssl-dev"])]),
    module("Networking", [.target(name: "CLibSSL", condition: .when(platforms: [.linux]))]),

    // service interfaces: protocols, value types and errors only
    module("PersistenceInterface", ["Reactive"]),
    module("RemoteConfigInterface", ["Reactive"]),

    // service implementations
    // SQLite: the SDK's SQLite3 module on Apple platforms, Debian's libsqlite3-dev elsewhere
    .systemLibrary(name: "CSQLite", path: "Modules/CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    module(
        "Persistence",
        [
            "PersistenceInterface", "Reactive", .target(name: "CSQLite", condition: .when(platforms: [.linux])), "CSQLiteSupport",
            "FileSystem",
        ]),
    module("RemoteConfig", ["RemoteConfigInterface", "Reactive", "FileSystem", "Networking"]),
    // the live Sign in with Apple client: key set fetch and cache, token verification with OpenSSL's
    // libcrypto, the credential file; behind AuthInterface as Persistence is behind its interface
    // it is the server side of Sign in with Apple: Linux, and macOS with Homebrew's OpenSSL
    .systemLibrary(
        name: "CLibCrypto", path: "Modules/CLibCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]),
    module(
        "AuthLive",
        [
            "AuthInterface", .target(name: "CLibCrypto", condition: .when(platforms: [.linux, .macOS])), "FileSystem", "Networking",
        ]),

    // service fakes, shared by tests and `bistro --fake`
    module("RemoteConfigTesting", ["RemoteConfigInterface", "Reactive"]),

    // presentation: the terminal view layer (UIKit + RxCocoa's part)
    // RxCocoa's traits (Driver, Signal, ControlEvent, ControlProperty), free of any view
    module("ReactiveUI", ["Reactive"]),
    module("TerminalUI", ["Reactive", "ReactiveUI"]),

    // feature interfaces: protocols, value types and errors only
    module("ContactsInterface", []),
    module("MenuInterface", ["Dependencies", "Reactive"]),
    // Auth's interface holds its client's dependency key
    module("AuthInterface", ["Dependencies", "Reactive"]),

    // the feature contract: what a feature plugs into the app (name, migrations, config defaults,
    // tables kept in step with remote config, screens, commands, summary, session) and the services
    // it is handed, as interfaces
    module(
        "FeatureContract",
        [
            "ArgumentParsing", "Dependencies", "PersistenceInterface", "Reactive", "ReactiveUI", "RemoteConfigInterface", "TerminalUI",
        ]),
    // what a plugin's tests need from the contract: a console that keeps what commands write
    module("FeatureContractTesting", ["FeatureContract", "Reactive"]),

    // features: their own interface, service interfaces, core and TerminalUI; never an implementation
    module(
        "Contacts",
        [
            "ContactsInterface", "PersistenceInterface", "RemoteConfigInterface", "Reactive", "TerminalUI", "FeatureContract",
            "ArgumentParsing",
        ]),
    module(
        "Menu",
        [
            "MenuInterface", "Architecture", "Dependencies", "PersistenceInterface", "RemoteConfigInterface", "Reactive", "ReactiveUI",
            "TerminalUI", "FeatureContract",
            "ArgumentParsing",
        ]),
    module("Auth", ["AuthInterface", "Architecture", "Dependencies", "Reactive", "TerminalUI", "FeatureContract", "ArgumentParsing"]),
    module("AuthTesting", ["AuthInterface", "Reactive"]),
]

// the app as a library: the plugin host, the composition (the only place that picks live or fake
// services) and the full-screen shell; an app is a description and a list of plugins
let appLibrary: [Target] = [
    module(
        "BistroApp",
        [
            "ArgumentParsing", "FeatureContract", "Reactive", "FileSystem", "Networking", "TerminalUI",
            "PersistenceInterface", "Persistence", "RemoteConfigInterface", "RemoteConfig", "RemoteConfigTesting",
            "AuthInterface", "AuthLive", "AuthTesting", "Dependencies",
        ])
]

let testTargets: [Target] = [
    // `Locked`, the lock box of test state shared across threads, which TSan can see (unlike Synchronization.Mutex)
    tests("Reactive", ["ReactiveTesting"]),
    tests("ReactiveTesting", ["Reactive"]),
    tests("Dependencies", ["TestSupport"]),
    tests("Architecture", ["ArchitectureTesting", "ArchitectureTestSupport", "Dependencies", "Reactive", "TestSupport"]),
    tests("ArchitectureTesting", ["Architecture", "ArchitectureTestSupport", "Dependencies", "TestSupport"]),
    // helpers shared by the two test targets above (recordings, gates, a capturing reporter)
    .target(name: "ArchitectureTestSupport", dependencies: ["Architecture", "Reactive"], path: "Tests/ArchitectureTestSupport"),
    tests("ReSwiftCompatibility", ["Architecture"]),
    // The ReSwift middleware tutorial's app state, actions, reducers and side effects, ported with
    // only the import changed.
    .testTarget(name: "Seed001PortTests", dependencies: ["ReSwiftCompatibility"], path: "Tests/Seed001PortTests", exclude: ["README.md"]),
    tests("ArgumentParsing", []),
    tests("FileSystem", []),
    tests(
        "FeatureContract",
        [
            "Persistence", "PersistenceInterface", "Reactive", "ReactiveTesting", "RemoteConfigInterface",
            "RemoteConfigTesting",
        ]),
    tests("FeatureContractTesting", ["FeatureContract"]),
    tests("Networking", ["Reactive", "TestSupport"]),
    tests("PersistenceInterface", ["Reactive"]),
    tests("Persistence", ["PersistenceInterface", "Reactive", "PersistenceCrashWriter"]),
    tests("RemoteConfigInterface", ["Reactive", "ReactiveTesting", "RemoteConfigTesting"]),
    tests("RemoteConfig", ["RemoteConfigInterface", "Reactive", "ReactiveTesting", "TestSupport"]),
    tests("RemoteConfigTesting", ["RemoteConfigInterface", "Reactive", "ReactiveTesting"]),
    tests("ReactiveUI", ["Reactive", "ReactiveTesting", "TestSupport"]),
    tests("TerminalUI", ["Reactive", "ReactiveTesting", "ReactiveUI"]),
    // The RxSwift menu tutorial's screen, ported with only imports and the cell type changed.
    .testTarget(
        name: "Seed002PortTests", dependencies: ["Reactive", "ReactiveTesting", "ReactiveUI", "TerminalUI"],
        path: "Tests/Seed002PortTests", exclude: ["README.md"]),
    // The Contacts tutorial's own sync layer (its updater, fetch limiter, repository and view model)
    // and its tests, ported onto the Contacts feature's production types.
    .testTarget(
        name: "Seed000PortTests",
        dependencies: [
            "Contacts", "ContactsInterface", "ContactsTestSupport", "Persistence", "PersistenceInterface", "Reactive", "ReactiveTesting",
            "RemoteConfigInterface", "RemoteConfigTesting", "TerminalUI", "TestSupport",
        ],
        path: "Tests/Seed000PortTests", exclude: ["README.md"]),
    tests("ContactsInterface", []),
    // the contacts and refused values that ContactsTests and Seed000PortTests both store and sync
    .target(name: "ContactsTestSupport", dependencies: ["ContactsInterface", "RemoteConfigInterface"], path: "Tests/ContactsTestSupport"),
    tests(
        "Contacts",
        [
            "ContactsInterface", "ContactsTestSupport", "FeatureContract", "PersistenceInterface", "Persistence", "RemoteConfigInterface",
            "RemoteConfigTesting",
            "Reactive", "ReactiveTesting", "TerminalUI", "TestSupport",
        ]),
    tests("MenuInterface", []),
    tests(
        "Menu",
        [
            "MenuInterface", "Architecture", "ArchitectureTesting", "Dependencies", "FeatureContract", "PersistenceInterface",
            "Persistence", "RemoteConfigInterface", "RemoteConfigTesting", "Reactive", "ReactiveTesting", "TerminalUI",
        ]),
    // every decoder of bytes from outside the process, as a fuzzer drives it (Scripts/fuzz.sh);
    // the tests replay each target's corpus, the executable is libFuzzer's entry or a replay tool
    .target(
        name: "FuzzTargets",
        dependencies: [
            "Networking", "RemoteConfig", "RemoteConfigInterface", "AuthLive", "TerminalUI", "ArgumentParsing", "Menu", "Contacts",
        ],
        path: "Tests/FuzzTargets"),
    .executableTarget(name: "bistro-fuzz", dependencies: ["FuzzTargets"], path: "Tests/FuzzEntry"),
    .testTarget(name: "FuzzTargetsTests", dependencies: ["FuzzTargets", "TestSupport"], path: "Tests/FuzzTargetsTests"),
    tests("AuthInterface", ["Dependencies", "TestSupport"]),
    tests("AuthLive", ["AuthInterface", "AuthTestSupport", "TestSupport"]),
    tests(
        "Auth",
        [
            "AuthInterface", "AuthTesting", "TestSupport", "Architecture", "ArchitectureTesting", "Dependencies", "Reactive",
            "ReactiveTesting", "TerminalUI",
        ]),
    tests("AuthTesting", ["AuthInterface", "Dependencies", "Reactive", "ReactiveTesting"]),
    // the getting-started articles' code with tests of what the articles say, and the check that every article
    // quotes tested code (or Examples/SpecialsApp)
    .testTarget(
        name: "DocumentationTests",
        dependencies: [
            "ArgumentParsing", "Architecture", "ArchitectureTesting", "BistroApp", "Dependencies", "FeatureContract",
            "FeatureContractTesting", "Persistence", "PersistenceInterface", "Reactive", "ReactiveUI", "RemoteConfig",
            "RemoteConfigInterface", "RemoteConfigTesting", "TerminalUI", "TestSupport",
        ],
        path: "Tests/DocumentationTests"),
    // test keys, signed tokens and a local key set server, shared by AuthTests and BistroTests
    .target(
        name: "AuthTestSupport",
        dependencies: [.target(name: "CLibCrypto", condition: .when(platforms: [.linux, .macOS])), "TestSupport"],
        path: "Tests/AuthTestSupport"),
    // the Python test servers of Scripts/ as processes, unused ports, a hand-moved clock and `swiftc -typecheck` of
    // Swift text against the build, for any test target
    .target(name: "TestSupport", dependencies: ["Reactive", "Dependencies", "PersistenceInterface"], path: "Tests/TestSupport"),
    // the app library with plugins of the tests' own
    tests(
        "BistroApp",
        [
            "ArgumentParsing", "FeatureContract", "FeatureContractTesting", "Persistence", "PersistenceInterface",
            "RemoteConfigInterface", "TerminalUI",
        ]),
    // the app, end to end on the built executable
    .testTarget(
        name: "BistroTests",
        dependencies: [
            "Bistro", "BistroApp", "FeatureContractTesting", "Menu", "Contacts", "Auth", "AuthTestSupport",
            "TestSupport", "Reactive",
            "ReactiveTesting",
            "MenuInterface", "Persistence", "PersistenceInterface",
        ],
        path: "Tests/BistroTests"),
]

let apps: [Target] = [
    // the executable: the app's description and its plugin list, one call to the app library
    .executableTarget(name: "Bistro", dependencies: ["BistroApp", "Menu", "Contacts", "Auth"], path: "Apps/Bistro"),
    // benchmarks (Scripts/bench.sh) and their C baselines
    .executableTarget(
        name: "Benchmarks",
        dependencies: [
            "Reactive", "BenchmarkSupport", "Persistence", "PersistenceInterface", "Architecture", "ReSwiftCompatibility", "Contacts",
            "FeatureContract", "Networking", "RemoteConfig", "TerminalUI",
        ],
        path: "Apps/Benchmarks"),
    .target(
        name: "BenchmarkSupport", dependencies: [.target(name: "CSQLite", condition: .when(platforms: [.linux]))],
        path: "Apps/BenchmarkSupport", linkerSettings: [.linkedLibrary("sqlite3", .when(platforms: applePlatforms))]),
    // the child process of Persistence's crash test
    .executableTarget(
        name: "PersistenceCrashWriter", dependencies: ["Persistence", "PersistenceInterface"],
        path: "Apps/PersistenceCrashWriter"),
]

let libraryNames = (modules + appLibrary).filter { $0.type == .regular }.map(\.name)

let package = Package(
    name: "Bistro",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11)],
    products: libraryNames.map { Product.library(name: $0, targets: [$0]) } + [
        .executable(name: "bistro", targets: ["Bistro"]),
        .executable(name: "bistro-bench", targets: ["Benchmarks"]),
        .executable(name: "persistence-crash-writer", targets: ["PersistenceCrashWriter"]),
    ],
    targets: shims + modules + appLibrary + testTargets + apps,
    swiftLanguageModes: [.v6]
)
