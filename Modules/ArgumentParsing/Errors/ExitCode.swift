/// The status to exit with, thrown by a command that has said what it had to.
public struct ExitCode: Error, RawRepresentable, Hashable, Sendable {
    /// The exit status.
    public var rawValue: Int32

    /// An exit with `rawValue`.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// An exit with `code`.
    public init(_ code: Int32) {
        self.rawValue = code
    }

    /// 0.
    public static let success = ExitCode(0)
    /// 1: the command failed.
    public static let failure = ExitCode(1)
    /// 2: the command line was wrong (what Bistro's tools, like most Unix tools, use for usage).
    public static let validationFailure = ExitCode(2)
}
