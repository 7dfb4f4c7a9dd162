/// What the help says about an option, flag or argument.
public struct ArgumentHelp: ExpressibleByStringLiteral, Sendable {
    /// One line.
    public var abstract: String
    /// The placeholder of the value in usage and help: `PATH` in `--database PATH`; by default the
    /// property's name in capitals.
    public var valueName: String?
    /// Whether the help lists it.
    public var isVisible: Bool

    /// Help with `abstract`, and a value name when given.
    public init(_ abstract: String = "", valueName: String? = nil, visibility: ArgumentVisibility = .default) {
        self.abstract = abstract
        self.valueName = valueName
        self.isVisible = visibility == .default
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }
}

/// Whether the help lists a declaration.
public enum ArgumentVisibility: Sendable, Equatable {
    /// Listed.
    case `default`
    /// Parsed, but not listed.
    case hidden
}
