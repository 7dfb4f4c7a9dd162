/// How an option takes its value from the word after it (swift-argument-parser's type of the name).
public struct SingleValueParsingStrategy: Hashable, Sendable {
    let takesAnyWord: Bool

    /// The next word, unless it reads as an option or flag (`-x`, `--name`): then the value is
    /// missing. A negative number (`-5`) and `-` (standard input) are values.
    public static let next = SingleValueParsingStrategy(takesAnyWord: false)

    /// The next word, whatever it is: `--pass --verbose` passes `--verbose` on.
    public static let unconditional = SingleValueParsingStrategy(takesAnyWord: true)
}
