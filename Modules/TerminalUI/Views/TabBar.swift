import Reactive

/// One row naming the tabs of a `TabBarController`, the selected one cut out of the bar.
///
/// ```
///  [Menu]  Contacts  Account                 Tab switches
/// ```
///
/// The bar is drawn in reverse video and the selected title plainly, in brackets, so the selection
/// shows with and without colours or attributes.
@MainActor
public final class TabBar: View {
    /// The titles, left to right.
    public var titles: [String] = [] {
        didSet { if titles != oldValue { setNeedsDisplay() } }
    }

    /// The index of the selected title.
    public var selectedIndex = 0 {
        didSet { if selectedIndex != oldValue { setNeedsDisplay() } }
    }

    /// The hint on the right, dropped first when the titles need the room.
    public var hint: String? = "Tab switches" {
        didSet { if hint != oldValue { setNeedsDisplay() } }
    }

    /// An empty bar.
    public override init() {
        super.init()
    }

    /// One row, full width.
    public override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width, height: min(1, size.height))
    }

    /// Takes spare width.
    public override var expandsHorizontally: Bool { true }

    /// Draws the titles and the hint.
    public override func draw(in buffer: inout CellBuffer) {
        guard frame.width > 0, frame.height > 0 else { return }
        buffer.fill(Rect(x: frame.minX, y: frame.minY, width: frame.width, height: 1), style: .reversed)
        var x = frame.minX + 1
        for (index, title) in titles.enumerated() {
            let selected = index == selectedIndex
            let text = selected ? "[" + title.sanitizedForTerminal + "]" : " " + title.sanitizedForTerminal + " "
            x += buffer.write(text, at: Point(x: x, y: frame.minY), style: selected ? .bold : .reversed, clip: frame) + 1
        }
        if let hint, !hint.isEmpty {
            let hint = hint.sanitizedForTerminal
            let start = frame.minX + frame.width - hint.terminalWidth - 1
            if start > x { buffer.write(hint, at: Point(x: start, y: frame.minY), style: .reversed, clip: frame) }
        }
    }
}
