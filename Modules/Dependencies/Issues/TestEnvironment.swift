#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the process can tell about being a test run, from its arguments and environment.
enum TestEnvironment {
    /// Whether this process runs tests (XCTest or Swift Testing).
    static let isTesting: Bool = {
        let arguments = CommandLine.arguments
        if let program = arguments.first?.split(separator: "/").last {
            // Linux runs `<Package>PackageTests.xctest`; Apple platforms run the `xctest` tool.
            if program.hasSuffix(".xctest") || program == "xctest" || program.hasPrefix("swiftpm-testing-helper") { return true }
        }
        if arguments.contains("--testing-library") { return true }
        return getenv("XCTestConfigurationFilePath") != nil || getenv("XCTestBundlePath") != nil
            || getenv("XCTestSessionIdentifier") != nil
    }()

    /// Whether this process is the Swift Testing pass of `swift test` (where XCTest has no current test).
    static let isSwiftTestingRun: Bool = {
        let arguments = CommandLine.arguments
        guard let index = arguments.firstIndex(of: "--testing-library"), index + 1 < arguments.count else { return false }
        return arguments[index + 1] == "swift-testing"
    }()
}
