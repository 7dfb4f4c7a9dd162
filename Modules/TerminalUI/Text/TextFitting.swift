/// How a line of text sits in a wider space.
public enum TextAlignment: Sendable, Hashable {
    /// Flush left.
    case left
    /// Centred; an odd cell left over goes to the right.
    case center
    /// Flush right.
    case right
}

extension String {
    /// The text cut to at most `width` cells, ending in `…` when cut; never splits a wide character.
    public func truncated(toWidth width: Int, ellipsis: Character = "…") -> String {
        guard width > 0 else { return "" }
        if terminalWidth <= width { return self }
        let room = width - ellipsis.terminalWidth
        var result = ""
        var used = 0
        for character in self {
            let cells = character.terminalWidth
            // A wide character that would straddle the limit is dropped whole, leaving a short line.
            if used + cells > room { break }
            result.append(character)
            used += cells
        }
        if room >= 0 { result.append(ellipsis) }
        return result
    }

    /// The text truncated to `width` cells and padded with spaces to exactly `width` cells.
    public func aligned(_ alignment: TextAlignment, width: Int) -> String {
        let text = truncated(toWidth: width)
        let gap = width - text.terminalWidth
        guard gap > 0 else { return text }
        switch alignment {
        case .left:
            return text + String(repeating: " ", count: gap)
        case .right:
            return String(repeating: " ", count: gap) + text
        case .center:
            let left = gap / 2
            return String(repeating: " ", count: left) + text + String(repeating: " ", count: gap - left)
        }
    }

    /// The text broken into lines of at most `width` cells, at spaces where possible.
    ///
    /// A word longer than a line is broken between characters, never inside a wide character;
    /// explicit newlines start new lines.
    public func wrapped(toWidth width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                let wordWidth = word.terminalWidth
                let separator = line.isEmpty ? 0 : 1
                if lineWidth + separator + wordWidth <= width {
                    if separator == 1 { line.append(" ") }
                    line += word
                    lineWidth += separator + wordWidth
                    continue
                }
                if !line.isEmpty {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                for character in word {
                    let cells = character.terminalWidth
                    if lineWidth + cells > width, !line.isEmpty {
                        lines.append(line)
                        line = ""
                        lineWidth = 0
                    }
                    line.append(character)
                    lineWidth += cells
                }
            }
            lines.append(line)
        }
        return lines
    }
}
