import Reactive
import ReactiveUI

/// A button that sends taps (UIButton's part): chosen with Enter or Space when it has the focus,
/// or with its shortcut key from anywhere on the screen.
///
/// Drawn as `[ Title ]`, and as `[>Title<]` in reverse video while it has the focus, so the focus
/// shows in a plain-text snapshot too.
@MainActor
public final class Button: View {
    /// The text on the button.
    public var title: String {
        didSet { if title != oldValue { setNeedsDisplay() } }
    }

    /// A key that taps the button when no focused view uses it.
    public var shortcut: Key?

    /// A disabled button is dimmed, cannot take the focus and sends no taps.
    public var isEnabled = true {
        didSet { if isEnabled != oldValue { setNeedsDisplay() } }
    }

    nonisolated let taps = PublishSubject<Void>()

    /// A button titled `title`, tapped also by `shortcut`.
    public init(_ title: String, shortcut: Key? = nil) {
        self.title = title
        self.shortcut = shortcut
        super.init()
    }

    /// Taps the button as a key press would (UIButton's `sendActions(for: .touchUpInside)`).
    public func sendTap() {
        guard isEnabled else { return }
        taps.onNext(())
    }

    /// The title and its brackets.
    public override func sizeThatFits(_ size: Size) -> Size {
        Size(width: min(size.width, title.terminalWidth + 4), height: min(size.height, 1))
    }

    /// Takes the focus while enabled.
    public override var canBecomeFocused: Bool { isEnabled }

    /// Enter and Space tap the focused button.
    public override func handleKey(_ key: Key) -> Bool {
        guard key == .enter || key == .space else { return false }
        sendTap()
        return true
    }

    /// The shortcut taps the button.
    public override func handleShortcut(_ key: Key) -> Bool {
        guard isEnabled, let shortcut, key == shortcut else { return false }
        sendTap()
        return true
    }

    /// Draws `[ Title ]`, or `[>Title<]` when focused.
    public override func draw(in buffer: inout CellBuffer) {
        guard frame.width > 0, frame.height > 0 else { return }
        let focused = isFocused
        let inner = title.truncated(toWidth: max(0, frame.width - 4))
        let text = focused ? "[>" + inner + "<]" : "[ " + inner + " ]"
        let style = Style(dim: !isEnabled, reverse: focused)
        buffer.write(text, at: frame.origin, style: style, clip: frame)
    }
}

extension Reactive where Base: Button {
    /// The button's taps (RxCocoa's `button.rx.tap`), on the main thread.
    public var tap: ControlEvent<Void> { ControlEvent(events: base.taps) }
}
