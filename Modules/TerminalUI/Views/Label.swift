import Reactive

/// A line of text, or several wrapped lines (UILabel's part); bind to it with `label.rx.text`.
@MainActor
public final class Label: View {
    /// The text shown; `nil` shows nothing, as UILabel does.
    public var text: String? {
        didSet { if text != oldValue { setNeedsDisplay() } }
    }

    /// Where the text sits in the label's width.
    public var alignment: TextAlignment {
        didSet { if alignment != oldValue { setNeedsDisplay() } }
    }

    /// How the text is drawn.
    public var style: Style {
        didSet { if style != oldValue { setNeedsDisplay() } }
    }

    /// The most lines the text is wrapped to; 0 means as many as it needs. One line is truncated with `…`.
    public var numberOfLines: Int {
        didSet { if numberOfLines != oldValue { setNeedsDisplay() } }
    }

    /// A label.
    public init(_ text: String? = nil, alignment: TextAlignment = .left, style: Style = .plain, numberOfLines: Int = 1) {
        self.text = text
        self.alignment = alignment
        self.style = style
        self.numberOfLines = numberOfLines
        super.init()
    }

    private func lines(width: Int) -> [String] {
        guard let text, !text.isEmpty, width > 0 else { return [] }
        let clean = text.sanitizedForTerminal
        if numberOfLines == 1 { return [clean] }
        let wrapped = text.sanitizedForTerminalKeepingLineBreaks.wrapped(toWidth: width)
        guard numberOfLines > 0, wrapped.count > numberOfLines else { return wrapped }
        var kept = Array(wrapped.prefix(numberOfLines))
        // Mark the cut on the last line shown, even when that line itself fits.
        let last = kept[numberOfLines - 1]
        kept[numberOfLines - 1] = last.terminalWidth < width ? last + "…" : (last + "…").truncated(toWidth: width)
        return kept
    }

    /// The text's width (up to `size.width`) and its number of lines.
    public override func sizeThatFits(_ size: Size) -> Size {
        let lines = lines(width: size.width)
        let width = lines.map(\.terminalWidth).max() ?? 0
        return Size(width: min(width, size.width), height: min(lines.count, size.height))
    }

    /// Draws the lines, aligned and truncated to the frame.
    public override func draw(in buffer: inout CellBuffer) {
        for (row, line) in lines(width: frame.width).prefix(frame.height).enumerated() {
            buffer.write(
                line.aligned(alignment, width: frame.width),
                at: Point(x: frame.minX, y: frame.minY + row), style: style, clip: frame
            )
        }
    }
}

extension Reactive where Base: Label {
    /// A binder that sets the label's text on the main thread (RxCocoa's `label.rx.text`).
    public var text: Binder<String?> {
        Binder(mainActor: base) { label, text in
            label.text = text
        }
    }
}
