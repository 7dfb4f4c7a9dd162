import Reactive

/// A full-width bar in reverse video: a message on the left, a hint (such as keys) on the right.
@MainActor
public final class StatusLine: View {
    /// The message on the left.
    public var text: String? {
        didSet { if text != oldValue { setNeedsDisplay() } }
    }

    /// The hint on the right; the message is truncated first when both do not fit.
    public var hint: String? {
        didSet { if hint != oldValue { setNeedsDisplay() } }
    }

    /// A status line.
    public init(_ text: String? = nil, hint: String? = nil) {
        self.text = text
        self.hint = hint
        super.init()
    }

    /// One row, full width.
    public override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width, height: min(1, size.height))
    }

    /// Takes spare width.
    public override var expandsHorizontally: Bool { true }

    /// Draws the bar.
    public override func draw(in buffer: inout CellBuffer) {
        guard frame.width > 0, frame.height > 0 else { return }
        let hint = (hint ?? "").sanitizedForTerminal.truncated(toWidth: frame.width)
        let hintWidth = hint.terminalWidth
        let room = frame.width - hintWidth - (hintWidth > 0 ? 1 : 0)
        let left = (text ?? "").sanitizedForTerminal.aligned(.left, width: max(0, room))
        let line = (left + (hintWidth > 0 && room >= 0 ? " " : "") + hint).aligned(.right, width: frame.width)
        buffer.write(line, at: frame.origin, style: .reversed, clip: frame)
    }
}

extension Reactive where Base: StatusLine {
    /// A binder that sets the status message on the main thread.
    public var text: Binder<String?> {
        Binder(mainActor: base) { line, text in
            line.text = text
        }
    }

    /// A binder that sets the hint on the main thread.
    public var hint: Binder<String?> {
        Binder(mainActor: base) { line, hint in
            line.hint = hint
        }
    }
}
