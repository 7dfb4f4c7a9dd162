/// Empty space that takes whatever a stack has left (pushes its neighbours apart).
///
/// In a stack it expands along the stack's axis only, so a spacer in a row does not make the row
/// take spare height.
@MainActor
public final class Spacer: View {
    private let minimum: Int

    /// A spacer at least `minimum` cells long along its stack.
    public init(minimum: Int = 0) {
        self.minimum = minimum
        super.init()
    }

    /// `minimum` cells each way.
    public override func sizeThatFits(_ size: Size) -> Size {
        Size(width: min(minimum, size.width), height: min(minimum, size.height))
    }

    /// Takes spare width, unless it is in a vertical stack.
    public override var expandsHorizontally: Bool { (superview as? Stack)?.axis != .vertical }
    /// Takes spare height, unless it is in a horizontal stack.
    public override var expandsVertically: Bool { (superview as? Stack)?.axis != .horizontal }
}
