#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Fails the running XCTest test through `XCTFail`, looked up in the process at run time, so that
/// production code can report test failures without linking XCTest.
struct XCTestDynamicReporter: IssueReporter {
    private typealias XCTFailFunction = @convention(thin) (String, StaticString, UInt) -> Void

    // `XCTest.XCTFail(_:file:line:)`; the same mangled name in swift-corelibs-xctest and Apple's XCTest.
    private static let symbol = "$s6XCTest7XCTFail_4file4lineySS_s12StaticStringVSutF"

    private let fail: XCTFailFunction

    /// The reporter, when XCTest is loaded in this process.
    init?() {
        guard let handle = dlopen(nil, RTLD_NOW), let address = dlsym(handle, Self.symbol) else { return nil }
        fail = unsafeBitCast(address, to: XCTFailFunction.self)
    }

    func reportIssue(_ message: String, at location: IssueLocation) {
        fail(message, location.filePath, location.line)
    }
}
