/// A view with empty space around it.
@MainActor
public final class Padding: View {
    /// The space kept free on each side.
    public var insets: EdgeInsets {
        didSet { if insets != oldValue { setNeedsDisplay() } }
    }

    /// The view inside.
    public let content: View

    /// `content` with `insets` around it.
    public init(_ insets: EdgeInsets, _ content: View) {
        self.insets = insets
        self.content = content
        super.init()
        addSubview(content)
    }

    /// Expands as its content does.
    public override var expandsHorizontally: Bool { content.expandsHorizontally }
    /// Expands as its content does.
    public override var expandsVertically: Bool { content.expandsVertically }

    /// The content's size plus the insets.
    public override func sizeThatFits(_ size: Size) -> Size {
        let inner = content.sizeThatFits(Rect(origin: Point(x: 0, y: 0), size: size).inset(by: insets).size)
        return Size(
            width: min(size.width, inner.width + insets.left + insets.right),
            height: min(size.height, inner.height + insets.top + insets.bottom)
        )
    }

    /// Places the content inside the insets.
    public override func layoutSubviews() {
        content.frame = frame.inset(by: insets)
    }
}

extension View {
    /// This view with `insets` of empty space around it.
    public func padded(_ insets: EdgeInsets) -> Padding { Padding(insets, self) }

    /// This view with `cells` of empty space on every side.
    public func padded(_ cells: Int = 1) -> Padding { Padding(EdgeInsets(all: cells), self) }
}
