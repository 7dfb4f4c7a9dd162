import Reactive

/// Rows of text with a selection, scrolled to keep the selection in view (UITableView's part).
///
/// Bind rows with `rows.bind(to: list.rx.rows)`, or models with RxCocoa's closure form:
/// `menus.bind(to: list.rx.items) { index, menu in ListRow(menu.name, menu.price) }`.
/// The selected row is marked with `>` (and reverse video while the list has the focus); Up,
/// Down, Page Up, Page Down, Home and End move it, Enter reports it through `rx.itemSelected`, and
/// any other key is reported with the selected row through `rx.itemKey(_:)` before the screen
/// offers it to shortcuts (so `+` and `-` can change the selected item).
@MainActor
public final class ListView: View {
    /// The rows shown. The selection keeps its index, clamped to the new rows.
    public var rows: [ListRow] = [] {
        didSet {
            guard rows != oldValue else { return }
            clampSelection()
            setNeedsDisplay()
        }
    }

    /// The columns' widths and alignments; columns without an entry use the standard layout.
    public var columns: [ListColumn] {
        didSet { if columns != oldValue { setNeedsDisplay() } }
    }

    /// Text shown when there are no rows.
    public var placeholder: String? {
        didSet { if placeholder != oldValue { setNeedsDisplay() } }
    }

    /// The selected row; the first row is selected when rows arrive, none when there are none.
    public private(set) var selectedIndex: Int?

    /// The first row shown.
    public private(set) var scrollOffset = 0

    nonisolated let selections = PublishSubject<Int>()
    nonisolated let itemKeys = PublishSubject<(key: Key, index: Int)>()
    nonisolated let selectionChanges = BehaviorSubject<Int?>(value: nil)

    /// A list with `columns` (the standard layout when empty).
    public init(columns: [ListColumn] = [], placeholder: String? = nil) {
        self.columns = columns
        self.placeholder = placeholder
        super.init()
    }

    /// Selects row `index` (nil for none) and scrolls it into view.
    public func select(_ index: Int?) {
        let clamped = index.map { min(max(0, $0), rows.count - 1) }.flatMap { rows.isEmpty ? nil : $0 }
        guard clamped != selectedIndex else { return }
        selectedIndex = clamped
        scrollToSelection(height: frame.height)
        selectionChanges.onNext(clamped)
        setNeedsDisplay()
    }

    private func clampSelection() {
        if rows.isEmpty {
            select(nil)
        } else {
            select(selectedIndex ?? 0)
        }
    }

    /// Keeps the selected row within the rows shown.
    private func scrollToSelection(height: Int) {
        let maxOffset = max(0, rows.count - height)
        if let selected = selectedIndex, height > 0 {
            if selected < scrollOffset { scrollOffset = selected }
            if selected >= scrollOffset + height { scrollOffset = selected - height + 1 }
        }
        scrollOffset = min(max(0, scrollOffset), maxOffset)
    }

    // MARK: View

    /// Takes spare width.
    public override var expandsHorizontally: Bool { true }
    /// Takes spare height.
    public override var expandsVertically: Bool { true }

    /// One row per item (one for the placeholder), up to the height given.
    public override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width, height: min(size.height, max(rows.count, 1)))
    }

    /// Takes the focus.
    public override var canBecomeFocused: Bool { true }

    /// Moves the selection, reports Enter, and reports other keys with the selected row.
    public override func handleKey(_ key: Key) -> Bool {
        let page = max(1, frame.height - 1)
        switch key {
        case .up: select((selectedIndex ?? 0) - 1)
        case .down: select((selectedIndex ?? -1) + 1)
        case .pageUp: select((selectedIndex ?? 0) - page)
        case .pageDown: select((selectedIndex ?? 0) + page)
        case .home: select(0)
        case .end: select(rows.count - 1)
        case .enter:
            guard let selectedIndex else { return false }
            selections.onNext(selectedIndex)
        default:
            if let selectedIndex { itemKeys.onNext((key, selectedIndex)) }
            return false
        }
        return true
    }

    /// The width of each column for `width` cells (one space between columns).
    private func columnWidths(count: Int, width: Int) -> [(Int, TextAlignment)] {
        let specs = (0..<count).map { $0 < columns.count ? columns[$0] : .standard(at: $0) }
        var widths = specs.enumerated().map { index, spec -> Int in
            switch spec.width {
            case .fixed(let cells): return cells
            case .fit: return rows.map { index < $0.columns.count ? $0.columns[index].terminalWidth : 0 }.max() ?? 0
            case .flexible: return 0
            }
        }
        let flexible = specs.indices.filter { specs[$0].width == .flexible }
        let spare = max(0, width - widths.reduce(0, +) - max(0, count - 1))
        for (order, index) in flexible.enumerated() {
            widths[index] = spare / flexible.count + (order < spare % flexible.count ? 1 : 0)
        }
        return zip(widths, specs.map(\.alignment)).map { ($0, $1) }
    }

    /// Draws the visible rows, the selected one marked.
    public override func draw(in buffer: inout CellBuffer) {
        scrollToSelection(height: frame.height)
        guard frame.width > 0, frame.height > 0 else { return }
        if rows.isEmpty {
            if let placeholder {
                buffer.write(placeholder.aligned(.center, width: frame.width), at: frame.origin, style: Style(dim: true), clip: frame)
            }
            return
        }
        let marker = 2
        let count = rows.map(\.columns.count).max() ?? 0
        let layout = columnWidths(count: count, width: frame.width - marker)
        let focused = isFocused
        for row in 0..<min(frame.height, rows.count - scrollOffset) {
            let index = scrollOffset + row
            let selected = index == selectedIndex
            let style = Style(reverse: selected && focused)
            var line = selected ? "> " : "  "
            for (column, (width, alignment)) in layout.enumerated() {
                if column > 0 { line += " " }
                let text = column < rows[index].columns.count ? rows[index].columns[column] : ""
                line += text.sanitizedForTerminal.aligned(alignment, width: width)
            }
            let y = frame.minY + row
            buffer.write(line.aligned(.left, width: frame.width), at: Point(x: frame.minX, y: y), style: style, clip: frame)
        }
    }
}

extension Reactive where Base: ListView {
    /// A binder that sets the list's rows on the main thread.
    public var rows: Binder<[ListRow]> {
        Binder(base) { list, rows in
            // Binder applies values on MainScheduler, which runs them on the main thread.
            MainActor.assumeIsolated { list.rows = rows }
        }
    }

    /// RxCocoa's `tableView.rx.items`: `models.bind(to: list.rx.items) { index, model in ListRow(...) }`.
    public func items<Models: Sequence, Source: ObservableType>(_ source: Source)
        -> (_ rowFactory: @escaping (Int, Models.Element) -> ListRow) -> Disposable
    where Source.Element == Models {
        let binder = rows
        return { rowFactory in
            source.map { models in models.enumerated().map { rowFactory($0.offset, $0.element) } }
                .bind(to: binder)
        }
    }

    /// The index of the row chosen with Enter (RxCocoa's `itemSelected`).
    public var itemSelected: Observable<Int> { base.selections.asObservable() }

    /// The selected row's index whenever `key` is pressed on the focused list (`+` on a menu item).
    public func itemKey(_ key: Key) -> Observable<Int> {
        base.itemKeys.filter { $0.key == key }.map(\.index)
    }

    /// The selected row: the current one first, then each change.
    public var selectedIndex: Observable<Int?> { base.selectionChanges.asObservable() }
}
