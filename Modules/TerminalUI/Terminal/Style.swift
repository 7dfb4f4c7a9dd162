/// One of the eight ANSI colours, which every colour terminal has.
public enum Color: UInt8, Sendable, Hashable, CaseIterable {
    /// SGR colour 0.
    case black
    /// SGR colour 1.
    case red
    /// SGR colour 2.
    case green
    /// SGR colour 3.
    case yellow
    /// SGR colour 4.
    case blue
    /// SGR colour 5.
    case magenta
    /// SGR colour 6.
    case cyan
    /// SGR colour 7.
    case white
}

/// How a cell is drawn: colours and attributes.
///
/// Colours are dropped when the terminal shows none (`NO_COLOR`, or output that is not a TTY);
/// the attributes stay, so a selection in reverse video is still visible.
public struct Style: Hashable, Sendable {
    /// The text colour; `nil` keeps the terminal's own.
    public var foreground: Color?
    /// The cell colour; `nil` keeps the terminal's own.
    public var background: Color?
    /// Bold (or bright) text.
    public var bold: Bool
    /// Faint text.
    public var dim: Bool
    /// Underlined text.
    public var underline: Bool
    /// Foreground and background swapped.
    public var reverse: Bool

    /// A style.
    public init(
        foreground: Color? = nil, background: Color? = nil,
        bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
    }

    /// The terminal's default look.
    public static let plain = Style()
    /// Bold text.
    public static let bold = Style(bold: true)
    /// Reverse video.
    public static let reversed = Style(reverse: true)

    /// The style without colours, for terminals that show none.
    var withoutColors: Style {
        var style = self
        style.foreground = nil
        style.background = nil
        return style
    }
}
