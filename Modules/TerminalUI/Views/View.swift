import Reactive

/// A rectangle of the screen that draws itself and may hold subviews (UIView's part).
///
/// Views are main-thread objects, as in UIKit: they are `@MainActor`, and bindings reach them
/// through binders that run on `MainScheduler`. Frames are in screen cells; the screen lays the
/// whole tree out and redraws it into a fresh buffer for every frame, and the terminal sends only
/// the cells that changed, so a view just marks itself dirty with `setNeedsDisplay()`.
@MainActor
open class View: ReactiveCompatible {
    /// Where the view is on the screen, set by its superview's layout.
    public internal(set) var frame: Rect = .zero

    /// The view that holds this one.
    public private(set) weak var superview: View?

    /// The views this one holds, drawn after it, in order.
    public private(set) var subviews: [View] = []

    /// A hidden view takes no space in a stack, draws nothing and gets no keys.
    public var isHidden = false {
        didSet { if isHidden != oldValue { setNeedsDisplay() } }
    }

    /// The screen a root view is shown on; only the root of a tree has one.
    weak var hostScreen: Screen?

    /// An empty view.
    public init() {}

    /// Adds `view` on top of the other subviews.
    public func addSubview(_ view: View) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
        setNeedsDisplay()
    }

    /// Takes the view out of its superview.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
        parent.setNeedsDisplay()
    }

    /// The screen the view is on, if any.
    public var screen: Screen? {
        var view = self
        while let parent = view.superview { view = parent }
        return view.hostScreen
    }

    /// Asks the screen to draw a new frame on its next turn.
    public func setNeedsDisplay() {
        screen?.setNeedsRender()
    }

    // MARK: Layout

    /// The size the view would like within `size` (the most it can get).
    open func sizeThatFits(_ size: Size) -> Size { size }

    /// Whether the view takes spare width in a horizontal stack.
    open var expandsHorizontally: Bool { false }

    /// Whether the view takes spare height in a vertical stack.
    open var expandsVertically: Bool { false }

    /// Sets the frames of the subviews; by default each fills this view.
    open func layoutSubviews() {
        for subview in subviews { subview.frame = frame }
    }

    /// Draws the view's own cells (not its subviews') inside `frame`.
    open func draw(in buffer: inout CellBuffer) {}

    // MARK: Keys

    /// Whether the view can hold the keyboard focus (Tab moves between such views).
    open var canBecomeFocused: Bool { false }

    /// Whether the view has the keyboard focus.
    public var isFocused: Bool { screen?.focusedView === self }

    /// Handles a key pressed while the view has the focus; returns whether it was used.
    open func handleKey(_ key: Key) -> Bool { false }

    /// Handles a key nothing focused used (a button's shortcut); returns whether it was used.
    open func handleShortcut(_ key: Key) -> Bool { false }

    /// Called when the view gains or loses the focus.
    open func focusDidChange() { setNeedsDisplay() }
}

extension View {
    /// The view and all views below it, depth first, skipping hidden ones.
    var visibleTree: [View] {
        guard !isHidden else { return [] }
        return [self] + subviews.flatMap(\.visibleTree)
    }

    /// Lays out this view's subtree inside its current frame.
    func layoutTree() {
        layoutSubviews()
        for subview in subviews where !subview.isHidden { subview.layoutTree() }
    }

    /// Draws this view's subtree, each view clipped to its frame by its own drawing code.
    func drawTree(in buffer: inout CellBuffer) {
        guard !isHidden else { return }
        draw(in: &buffer)
        for subview in subviews { subview.drawTree(in: &buffer) }
    }
}
