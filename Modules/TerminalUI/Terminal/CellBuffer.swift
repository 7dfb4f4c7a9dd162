/// A W×H grid of cells: what a view draws into and what a terminal presents.
///
/// Writing keeps wide characters whole: a wide character that does not fit before the clip edge
/// is replaced by a space, and overwriting either half of a wide character blanks the other half.
public struct CellBuffer: Hashable, Sendable {
    /// The extent.
    public let size: Size
    private var cells: [Cell]

    /// A blank buffer.
    public init(size: Size) {
        self.size = size
        self.cells = Array(repeating: .blank(), count: size.width * size.height)
    }

    /// The whole buffer as a rectangle.
    public var bounds: Rect { Rect(origin: Point(x: 0, y: 0), size: size) }

    /// The cell at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * size.width + x] }
        set { cells[y * size.width + x] = newValue }
    }

    /// Writes `text` from `point` to the right, clipped to `clip`; returns the cells used.
    @discardableResult
    public mutating func write(_ text: String, at point: Point, style: Style = .plain, clip: Rect? = nil) -> Int {
        let clip = (clip ?? bounds).intersection(bounds)
        guard point.y >= clip.minY, point.y < clip.maxY else { return 0 }
        var x = point.x
        for character in text.sanitizedForTerminal {
            let width = character.terminalWidth
            if width == 0 { continue }  // a lone combining mark has no base cell to sit on
            if x >= clip.maxX { break }
            if x + width > clip.maxX {
                // Never split a wide character: the cell it cannot fill stays a space.
                if x >= clip.minX { put(.blank(style), x: x, y: point.y) }
                x += 1
                break
            }
            if x >= clip.minX {
                put(Cell(character, width: width, style: style), x: x, y: point.y)
            } else if x + width > clip.minX {
                // The right half of a wide character starting left of the clip is a space.
                put(.blank(style), x: clip.minX, y: point.y)
            }
            x += width
        }
        return x - point.x
    }

    /// Writes `count` copies of the one-cell-wide, drawable `character` from `point` to the right,
    /// clipped to `clip`: what `write` does with a string of them, without measuring each one (a
    /// panel's rules).
    mutating func repeatCharacter(_ character: Character, count: Int, at point: Point, style: Style, clip: Rect) {
        let clip = clip.intersection(bounds)
        guard count > 0, point.y >= clip.minY, point.y < clip.maxY else { return }
        let cell = Cell(character, width: 1, style: style)
        for x in max(point.x, clip.minX)..<min(point.x + count, clip.maxX) { put(cell, x: x, y: point.y) }
    }

    /// Paints every cell of `rect` blank in `style`.
    public mutating func fill(_ rect: Rect, style: Style = .plain) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.minY..<area.maxY {
            for x in area.minX..<area.maxX { put(.blank(style), x: x, y: y) }
        }
    }

    /// Applies `style` to the cells of `rect`, keeping their characters.
    public mutating func restyle(_ rect: Rect, _ transform: (inout Style) -> Void) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.minY..<area.maxY {
            for x in area.minX..<area.maxX { transform(&self[x, y].style) }
        }
    }

    /// Places one cell (two for a wide character), blanking the halves of wide characters it cuts.
    private mutating func put(_ cell: Cell, x: Int, y: Int) {
        let span = max(1, cell.width)
        guard x >= 0, x + span <= size.width, y >= 0, y < size.height else { return }
        if self[x, y].isContinuation, x > 0 {
            self[x - 1, y] = .blank(self[x - 1, y].style)
        }
        let last = x + span - 1
        if last + 1 < size.width, self[last + 1, y].isContinuation {
            self[last + 1, y] = .blank(self[last + 1, y].style)
        }
        self[x, y] = cell
        if span == 2 { self[x + 1, y] = .continuation(cell.style) }
    }

    /// Each row as text, wide characters once, with trailing spaces removed.
    public var lines: [String] {
        (0..<size.height).map { y in
            var line = ""
            for x in 0..<size.width where !self[x, y].isContinuation { line += self[x, y].text }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// The screen as text: rows joined by newlines, trailing spaces and trailing empty rows removed.
    public var text: String {
        var rows = lines
        while rows.last?.isEmpty == true { rows.removeLast() }
        return rows.joined(separator: "\n")
    }
}
