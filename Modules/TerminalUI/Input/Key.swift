/// A key press, as a terminal in raw mode reports it.
public enum Key: Hashable, Sendable {
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page up.
    case pageUp
    /// Page down.
    case pageDown
    /// Insert.
    case insert
    /// Forward delete.
    case delete
    /// Enter (carriage return or line feed).
    case enter
    /// Escape on its own.
    case escape
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Backspace (DEL or Ctrl-H).
    case backspace
    /// A printable character, `+` and `-` included.
    case character(Character)
    /// A control key with a letter (`.control("c")` is Ctrl-C); Tab, Enter and Backspace have cases of their own.
    case control(Character)
    /// Text pasted at once (bracketed paste): its newlines and tabs are text, not Enter and Tab.
    case paste(String)

    /// Ctrl-C, which in raw mode arrives as a key rather than as SIGINT.
    public static let ctrlC = Key.control("c")
    /// The space bar.
    public static let space = Key.character(" ")
}

extension Key: ExpressibleByExtendedGraphemeClusterLiteral {
    /// A printable character key: `terminal.press("+")`.
    public init(extendedGraphemeClusterLiteral value: Character) {
        self = .character(value)
    }
}

extension Key: CustomStringConvertible {
    /// A readable name: "Enter", "Ctrl-C", "+".
    public var description: String {
        switch self {
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PageUp"
        case .pageDown: "PageDown"
        case .insert: "Insert"
        case .delete: "Delete"
        case .enter: "Enter"
        case .escape: "Esc"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .backspace: "Backspace"
        case .character(" "): "Space"
        case .character(let character): String(character)
        case .control(let letter): "Ctrl-\(String(letter).uppercased())"
        case .paste(let text): "Paste (\(text.count) characters)"
        }
    }
}
