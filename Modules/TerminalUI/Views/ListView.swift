import Reactive
import ReactiveUI

/// Rows of text with a selection, scrolled to keep the selection in view (UITableView's part).
///
/// Bind rows with `rows.bind(to: list.rx.rows)`, or models with RxCocoa's closure forms:
/// `menus.bind(to: list.rx.items) { index, menu in ListRow(menu.name, menu.price) }`, or with a cell
/// class, `menus.bind(to: list.rx.items(cellIdentifier: "menu", cellType: MenuCell.self)) { index,
/// menu, cell in cell.textLabel.text = menu.name }`.
/// The selected row is marked with `>` (and reverse video while the list has the focus); Up,
/// Down, Page Up, Page Down, Home and End move it, Enter reports it through `rx.itemSelected`, and
/// any other key is reported with the selected row through `rx.itemKey(_:)` before the screen
/// offers it to shortcuts (so `+` and `-` can change the selected item).
@MainActor
public final class ListView: View {
    /// The rows shown. The selection keeps its index, clamped to the new rows. Setting them takes
    /// away the cells and models an `rx.items` binding showed.
    public var rows: [ListRow] = [] {
        didSet {
            if !isShowingCells { removeCells() }
            guard rows != oldValue else { return }
            clampSelection()
            setNeedsDisplay()
        }
    }

    /// The cells an `rx.items(cellIdentifier:cellType:)` binding made, one per row; empty otherwise.
    private var cells: [ListCell] = []
    /// The elements an `rx.items` binding showed, one per row, for `rx.modelSelected`.
    private var models: [Any] = []
    private var isShowingCells = false

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

    /// Shows one row per model, each made by `makeRow` or drawn from its cell.
    func show(models: [Any], rows: [ListRow], cells: [ListCell]) {
        removeCells()
        for cell in cells {
            cell.adoptLabels()
            addSubview(cell)
        }
        self.cells = cells
        self.models = models
        isShowingCells = true
        self.rows = rows
        isShowingCells = false
    }

    private func removeCells() {
        for cell in cells { cell.removeFromSuperview() }
        cells = []
        models = []
    }

    /// The model shown in row `index` by an `rx.items` binding (RxCocoa's `rx.model(at:)`).
    public func model<Model>(at index: Int) throws -> Model {
        guard models.indices.contains(index) else { throw ListModelError.noModel(row: index) }
        guard let model = models[index] as? Model else {
            throw ListModelError.wrongType(row: index, expected: "\(Model.self)", found: "\(type(of: models[index]))")
        }
        return model
    }

    /// What draw shows: the cells' current text when cells are shown (a label may have changed).
    private var displayedRows: [ListRow] {
        cells.count == rows.count ? cells.map(\.row) : rows
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
            guard let selectedIndex else { return false }
            if cells.indices.contains(selectedIndex), cells[selectedIndex].handleKey(key) { return true }
            itemKeys.onNext((key, selectedIndex))
            return false
        }
        return true
    }

    /// The width of each column for `width` cells (one space between columns).
    private func columnWidths(of rows: [ListRow], count: Int, width: Int) -> [(Int, TextAlignment)] {
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
        let rows = displayedRows
        if rows.isEmpty {
            if let placeholder {
                buffer.write(placeholder.aligned(.center, width: frame.width), at: frame.origin, style: Style(dim: true), clip: frame)
            }
            return
        }
        let marker = 2
        let count = rows.map(\.columns.count).max() ?? 0
        let layout = columnWidths(of: rows, count: count, width: frame.width - marker)
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

/// Why `ListView.model(at:)` found no model.
public enum ListModelError: Error, Equatable, CustomStringConvertible {
    /// No `rx.items` binding shows a model in that row.
    case noModel(row: Int)
    /// The row's model is of another type.
    case wrongType(row: Int, expected: String, found: String)

    /// What went wrong, for a person.
    public var description: String {
        switch self {
        case .noModel(let row): "No model in row \(row): the list's rows were not bound with `rx.items`."
        case .wrongType(let row, let expected, let found): "The model in row \(row) is a \(found), not a \(expected)."
        }
    }
}

extension Reactive where Base: ListView {
    /// A binder that sets the list's rows on the main thread.
    public var rows: Binder<[ListRow]> {
        Binder(mainActor: base) { list, rows in
            list.rows = rows
        }
    }

    /// RxCocoa's `tableView.rx.items` closure form: `models.bind(to: list.rx.items) { index, model in
    /// ListRow(...) }`; each list of models replaces the rows, on the main thread.
    public func items<Models: Sequence, Source: ObservableType>(_ source: Source)
        -> (_ rowFactory: @escaping (Int, Models.Element) -> ListRow) -> Disposable
    where Source.Element == Models {
        let list = base
        return { rowFactory in
            // Called by the binder alone, on the main thread (the closure is the view's, written
            // on the main actor; a main-actor function type here trips the compiler's inference).
            let rowFactory = Handoff(rowFactory)
            return source.bind(
                to: Binder(mainActor: list) { list, models in
                    let models = Array(models)
                    let rows = models.enumerated().map { rowFactory.value($0.offset, $0.element) }
                    list.show(models: models, rows: rows, cells: [])
                })
        }
    }

    /// RxCocoa's `tableView.rx.items(cellIdentifier:cellType:)`: `models.bind(to:
    /// list.rx.items(cellIdentifier: "menu", cellType: MenuCell.self)) { index, model, cell in ... }`.
    /// For each list of models a cell of `cellType` is made per model and configured on the main
    /// thread; the list draws the cells' `columnLabels`.
    public func items<Models: Sequence, Cell: ListCell, Source: ObservableType>(
        cellIdentifier: String, cellType: Cell.Type = Cell.self
    ) -> (_ source: Source) -> (_ configureCell: @escaping (Int, Models.Element, Cell) -> Void) -> Disposable
    where Source.Element == Models {
        let list = base
        return { source in
            { configureCell in
                // Called by the binder alone, on the main thread (as the row factory above).
                let configureCell = Handoff(configureCell)
                return source.bind(
                    to: Binder(mainActor: list) { list, models in
                        let models = Array(models)
                        let cells = models.enumerated().map { index, model -> ListCell in
                            let cell = cellType.init()
                            cell.reuseIdentifier = cellIdentifier
                            configureCell.value(index, model, cell)
                            return cell
                        }
                        list.show(models: models, rows: cells.map(\.row), cells: cells)
                    })
            }
        }
    }

    /// The index of the row chosen with Enter (RxCocoa's `itemSelected`, an index path there).
    public var itemSelected: ControlEvent<Int> { ControlEvent(events: base.selections) }

    /// The model of the row chosen with Enter, for rows bound with `rx.items` (RxCocoa's
    /// `modelSelected`); a row without a model of that type is a programming error.
    public func modelSelected<Model>(_ modelType: Model.Type) -> ControlEvent<Model> {
        weak let list = base
        return ControlEvent(
            events: base.selections.compactMap { index -> Model? in
                guard let list else { return nil }
                // Selections are sent from the list's key handling, on the main thread.
                return try Self.model(at: index, of: list)
            })
    }

    /// The model shown in row `index` (RxCocoa's `rx.model(at:)`); call it on the main thread.
    public func model<Model>(at index: Int) throws -> Model {
        try Self.model(at: index, of: base)
    }

    private static func model<Model>(at index: Int, of list: ListView) throws -> Model {
        // Read on the main thread, the only one that uses the list's models.
        nonisolated(unsafe) var found: Result<Model, any Error>?
        MainActor.assumeIsolated { found = Result { try list.model(at: index) } }
        return try found!.get()
    }

    /// The selected row's index whenever `key` is pressed on the focused list (`+` on a menu item)
    /// and the row's cell did not use it.
    public func itemKey(_ key: Key) -> ControlEvent<Int> {
        ControlEvent(events: base.itemKeys.filter { $0.key == key }.map(\.index))
    }

    /// The selected row: the current one first, then each change; binding to it selects a row.
    public var selectedIndex: ControlProperty<Int?> {
        ControlProperty(
            values: base.selectionChanges,
            valueSink: Binder(mainActor: base) { list, index in
                list.select(index)
            })
    }
}
