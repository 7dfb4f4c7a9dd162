/// Encodes frames as the bytes an ANSI terminal needs to show them, sending only what changed.
///
/// Cells are compared with the previous frame; a changed cell is written after a cursor move
/// (skipped when the cursor is already there) and an SGR change (skipped when the style is the
/// one in force). Auto-wrap is off while the session runs, so writing the last cell of a row
/// never scrolls the screen.
public struct ANSIFrameEncoder: Sendable {
    /// Whether colours are sent; attributes (bold, reverse, …) are sent either way.
    public var colorsEnabled: Bool

    /// An encoder.
    public init(colorsEnabled: Bool) {
        self.colorsEnabled = colorsEnabled
    }

    /// Alternate screen on, cursor hidden, auto-wrap off, bracketed paste on (a paste arrives as one
    /// `Key.paste`, its newlines not read as Enter), attributes reset, screen cleared.
    public static let setupSequence: [UInt8] = Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?2004h\u{1B}[0m\u{1B}[2J".utf8)

    /// Attributes reset, auto-wrap on, bracketed paste off, cursor shown, main screen back.
    public static let restoreSequence: [UInt8] = Array("\u{1B}[0m\u{1B}[?7h\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l".utf8)

    /// The bytes that turn the screen showing `previous` into `frame`; with no previous frame (or
    /// a different size, after a resize) the screen is cleared and drawn whole.
    public func encode(_ frame: CellBuffer, over previous: CellBuffer?) -> [UInt8] {
        var output = ""
        let before: CellBuffer
        if let previous, previous.size == frame.size {
            before = previous
        } else {
            output += "\u{1B}[0m\u{1B}[2J"
            before = CellBuffer(size: frame.size)
        }
        var cursor: Point?
        var current: Style? = .plain
        for y in 0..<frame.size.height {
            for x in 0..<frame.size.width {
                let cell = frame[x, y]
                if cell.isContinuation { continue }
                let unchanged =
                    before[x, y] == cell
                    && (cell.width == 1 || x + 1 >= frame.size.width || before[x + 1, y] == frame[x + 1, y])
                if unchanged { continue }
                if cursor != Point(x: x, y: y) {
                    output += "\u{1B}[\(y + 1);\(x + 1)H"
                }
                let style = colorsEnabled ? cell.style : cell.style.withoutColors
                if style != current {
                    output += Self.sgr(style)
                    current = style
                }
                output += cell.text
                cursor = Point(x: x + cell.width, y: y)
            }
        }
        if current != .plain { output += "\u{1B}[0m" }
        return Array(output.utf8)
    }

    /// "ESC[0m" for the plain style, else "ESC[0;…m" with each attribute and colour.
    static func sgr(_ style: Style) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.underline { codes.append("4") }
        if style.reverse { codes.append("7") }
        if let foreground = style.foreground { codes.append(String(30 + Int(foreground.rawValue))) }
        if let background = style.background { codes.append(String(40 + Int(background.rawValue))) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
