/// A cell position: column `x`, row `y`, from the top-left corner at (0, 0).
public struct Point: Hashable, Sendable {
    /// The column.
    public var x: Int
    /// The row.
    public var y: Int

    /// A position.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// A size in cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// A size; negative extents become zero.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// No cells.
    public static let zero = Size(width: 0, height: 0)

    /// "W×H".
    public var description: String { "\(width)×\(height)" }
}

/// A rectangle of cells.
public struct Rect: Hashable, Sendable {
    /// The top-left cell.
    public var origin: Point
    /// The extent.
    public var size: Size

    /// A rectangle.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// A rectangle from its corner and extent.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// No cells.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The first column.
    public var minX: Int { origin.x }
    /// The first row.
    public var minY: Int { origin.y }
    /// One past the last column.
    public var maxX: Int { origin.x + size.width }
    /// One past the last row.
    public var maxY: Int { origin.y + size.height }
    /// Columns.
    public var width: Int { size.width }
    /// Rows.
    public var height: Int { size.height }
    /// Whether the rectangle holds no cell.
    public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    /// Whether `point` lies inside.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The cells both rectangles cover.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX)
        let y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return Rect(x: x0, y: y0, width: 0, height: 0) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangle shrunk by `insets` (never below zero size).
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: minX + insets.left, y: minY + insets.top,
            width: width - insets.left - insets.right, height: height - insets.top - insets.bottom
        )
    }
}

/// Space kept free on each side of a view, in cells.
public struct EdgeInsets: Hashable, Sendable {
    /// Rows above.
    public var top: Int
    /// Columns on the left.
    public var left: Int
    /// Rows below.
    public var bottom: Int
    /// Columns on the right.
    public var right: Int

    /// Insets per side.
    public init(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on all four sides.
    public init(all: Int) {
        self.init(top: all, left: all, bottom: all, right: all)
    }

    /// `vertical` rows above and below, `horizontal` columns left and right.
    public init(vertical: Int = 0, horizontal: Int = 0) {
        self.init(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
    }

    /// No inset.
    public static let zero = EdgeInsets()
}
