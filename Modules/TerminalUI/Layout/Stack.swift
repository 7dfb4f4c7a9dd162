/// The direction a stack lines its views up in.
public enum Axis: Sendable, Hashable {
    /// Top to bottom.
    case vertical
    /// Left to right.
    case horizontal
}

/// Views in a row or a column (UIStackView's part).
///
/// Along the axis each view that does not expand gets the length it asks for (`sizeThatFits`),
/// in order, until the space runs out; the space left over is shared by the views that expand
/// along the axis (lists, spacers, stacks holding them), the first ones taking the odd cells. Across the axis every view
/// gets the stack's full extent, so a label's alignment is relative to the whole stack.
@MainActor
public class Stack: View {
    /// The direction of the stack.
    public let axis: Axis

    /// Cells between neighbouring views.
    public var spacing: Int {
        didSet { if spacing != oldValue { setNeedsDisplay() } }
    }

    /// A stack of `views` along `axis`.
    public init(axis: Axis, spacing: Int = 0, _ views: [View]) {
        self.axis = axis
        self.spacing = spacing
        super.init()
        for view in views { addSubview(view) }
    }

    /// The views lined up, in order.
    public var arrangedSubviews: [View] { subviews }

    private var shown: [View] { subviews.filter { !$0.isHidden } }

    private func length(of size: Size) -> Int { axis == .vertical ? size.height : size.width }
    private func breadth(of size: Size) -> Int { axis == .vertical ? size.width : size.height }
    private func size(length: Int, breadth: Int) -> Size {
        axis == .vertical ? Size(width: breadth, height: length) : Size(width: length, height: breadth)
    }
    private func expands(_ view: View) -> Bool {
        axis == .vertical ? view.expandsVertically : view.expandsHorizontally
    }

    /// Expands along an axis when a view inside does.
    public override var expandsHorizontally: Bool { shown.contains { $0.expandsHorizontally } }
    /// Expands along an axis when a view inside does.
    public override var expandsVertically: Bool { shown.contains { $0.expandsVertically } }

    /// The sum of the views' lengths and spacing, by the widest view.
    public override func sizeThatFits(_ size: Size) -> Size {
        let views = shown
        var remaining = length(of: size) - spacing * max(0, views.count - 1)
        var used = spacing * max(0, views.count - 1)
        var widest = 0
        // Views that do not expand are measured first, as layout gives them their length first.
        for view in views.filter({ !expands($0) }) + views.filter(expands) {
            let wanted = view.sizeThatFits(self.size(length: max(0, remaining), breadth: breadth(of: size)))
            let taken = max(0, min(length(of: wanted), remaining))
            remaining -= taken
            used += taken
            widest = max(widest, breadth(of: wanted))
        }
        return self.size(length: min(used, length(of: size)), breadth: min(widest, breadth(of: size)))
    }

    /// Lines the views up along the axis.
    public override func layoutSubviews() {
        let views = shown
        let total = length(of: frame.size)
        let across = breadth(of: frame.size)
        var lengths = [Int](repeating: 0, count: views.count)
        var remaining = total - spacing * max(0, views.count - 1)
        for (index, view) in views.enumerated() where !expands(view) {
            let wanted = length(of: view.sizeThatFits(size(length: max(0, remaining), breadth: across)))
            lengths[index] = max(0, min(wanted, remaining))
            remaining -= lengths[index]
        }
        let flexible = views.indices.filter { expands(views[$0]) }
        if remaining > 0, !flexible.isEmpty {
            for (order, index) in flexible.enumerated() {
                lengths[index] += remaining / flexible.count + (order < remaining % flexible.count ? 1 : 0)
            }
        }
        var offset = 0
        for (index, view) in views.enumerated() {
            let length = min(lengths[index], max(0, total - offset))
            view.frame =
                axis == .vertical
                ? Rect(x: frame.minX, y: frame.minY + offset, width: across, height: length)
                : Rect(x: frame.minX + offset, y: frame.minY, width: length, height: across)
            offset += length + spacing
        }
    }
}

/// Views top to bottom.
@MainActor
public final class VStack: Stack {
    /// A column of `views`, `spacing` rows apart.
    public init(spacing: Int = 0, _ views: [View]) {
        super.init(axis: .vertical, spacing: spacing, views)
    }

    /// A column of `views`, `spacing` rows apart.
    public convenience init(spacing: Int = 0, _ views: View...) {
        self.init(spacing: spacing, views)
    }
}

/// Views left to right.
@MainActor
public final class HStack: Stack {
    /// A row of `views`, `spacing` columns apart.
    public init(spacing: Int = 0, _ views: [View]) {
        super.init(axis: .horizontal, spacing: spacing, views)
    }

    /// A row of `views`, `spacing` columns apart.
    public convenience init(spacing: Int = 0, _ views: View...) {
        self.init(spacing: spacing, views)
    }
}
