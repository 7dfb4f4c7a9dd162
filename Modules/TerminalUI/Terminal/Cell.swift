/// One cell of the screen: a character one or two cells wide, or the right half of a wide one.
public struct Cell: Hashable, Sendable {
    /// The grapheme drawn here, with its combining marks; empty in the right half of a wide character.
    public var text: String
    /// 1 or 2 for a character, 0 for the right half of a wide character.
    public var width: Int
    /// Colours and attributes.
    public var style: Style

    /// A cell showing `character`.
    public init(_ character: Character, style: Style = .plain) {
        self.init(character, width: character.terminalWidth, style: style)
    }

    /// A cell showing `character`, whose `terminalWidth` the caller has measured already.
    init(_ character: Character, width: Int, style: Style) {
        self.text = String(character)
        self.width = max(1, width)
        self.style = style
    }

    private init(text: String, width: Int, style: Style) {
        self.text = text
        self.width = width
        self.style = style
    }

    /// An empty cell.
    public static func blank(_ style: Style = .plain) -> Cell { Cell(text: " ", width: 1, style: style) }

    /// The right half of a wide character, which terminals fill when they draw its left half.
    static func continuation(_ style: Style) -> Cell { Cell(text: "", width: 0, style: style) }

    /// Whether the cell is the right half of a wide character.
    public var isContinuation: Bool { width == 0 }
}
