/// A view in a box, with a title set into the top edge.
///
/// The border uses box-drawing characters, which are one cell wide except in terminals set to
/// show East Asian ambiguous-width characters wide.
@MainActor
public final class Panel: View {
    /// The title in the top edge; truncated with `…` to the box.
    public var title: String? {
        didSet { if title != oldValue { setNeedsDisplay() } }
    }

    /// How the border and title are drawn.
    public var style: Style {
        didSet { if style != oldValue { setNeedsDisplay() } }
    }

    /// The view inside.
    public let content: View

    /// `content` boxed, with `title` on top.
    public init(title: String? = nil, style: Style = .plain, _ content: View) {
        self.title = title
        self.style = style
        self.content = content
        super.init()
        addSubview(content)
    }

    /// Expands as its content does.
    public override var expandsHorizontally: Bool { content.expandsHorizontally }
    /// Expands as its content does.
    public override var expandsVertically: Bool { content.expandsVertically }

    /// The content's size plus the border, at least wide enough for the title.
    public override func sizeThatFits(_ size: Size) -> Size {
        let inner = content.sizeThatFits(Size(width: size.width - 2, height: size.height - 2))
        let titleWidth = (title?.terminalWidth).map { $0 + 4 } ?? 0
        return Size(
            width: min(size.width, max(inner.width + 2, titleWidth)),
            height: min(size.height, inner.height + 2)
        )
    }

    /// Places the content inside the border.
    public override func layoutSubviews() {
        content.frame = frame.inset(by: EdgeInsets(all: 1))
    }

    /// Draws the border and the title.
    public override func draw(in buffer: inout CellBuffer) {
        guard frame.width >= 2, frame.height >= 2 else { return }
        let inner = frame.width - 2
        // The rules and corners are one cell each: set cell by cell, not measured as text.
        for (y, left, right) in [(frame.minY, "┌", "┐"), (frame.maxY - 1, "└", "┘")] as [(Int, Character, Character)] {
            buffer.repeatCharacter(left, count: 1, at: Point(x: frame.minX, y: y), style: style, clip: frame)
            buffer.repeatCharacter("─", count: inner, at: Point(x: frame.minX + 1, y: y), style: style, clip: frame)
            buffer.repeatCharacter(right, count: 1, at: Point(x: frame.maxX - 1, y: y), style: style, clip: frame)
        }
        for y in (frame.minY + 1)..<(frame.maxY - 1) {
            buffer.repeatCharacter("│", count: 1, at: Point(x: frame.minX, y: y), style: style, clip: frame)
            buffer.repeatCharacter("│", count: 1, at: Point(x: frame.maxX - 1, y: y), style: style, clip: frame)
        }
        if let title, !title.isEmpty, inner >= 3 {
            // "┌─ Title ─┐": one rule cell and a space on each side of the title.
            let shown = " " + title.truncated(toWidth: inner - 3) + " "
            var titleStyle = style
            titleStyle.bold = true
            buffer.write(
                shown, at: Point(x: frame.minX + 2, y: frame.minY), style: titleStyle, clip: frame.inset(by: EdgeInsets(left: 1, right: 1)))
        }
    }
}
