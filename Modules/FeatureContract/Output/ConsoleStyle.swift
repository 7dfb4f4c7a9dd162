/// Bold and dim text, when the output is a terminal that may show them.
public struct ConsoleStyle: Sendable {
    /// Whether the escapes are written.
    public let usesColor: Bool

    /// A style that writes escapes when `usesColor`.
    public init(usesColor: Bool) {
        self.usesColor = usesColor
    }

    /// `text` in bold.
    public func bold(_ text: String) -> String { usesColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    /// `text` dimmed.
    public func dim(_ text: String) -> String { usesColor ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
}
