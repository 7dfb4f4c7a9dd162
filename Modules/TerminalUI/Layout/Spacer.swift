/// Empty space that takes whatever a stack has left (pushes its neighbours apart).
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

    /// Takes spare width.
    public override var expandsHorizontally: Bool { true }
    /// Takes spare height.
    public override var expandsVertically: Bool { true }
}
