import Reactive

/// One row of a list made by a cell class (UITableViewCell's part), for RxCocoa's
/// `list.rx.items(cellIdentifier:cellType:)`: a subclass holds labels, and the list draws the text
/// of `columnLabels` in its columns, aligned across rows.
///
/// A cell is made for each element each time the elements arrive (the identifier names it, as
/// `reuseIdentifier`; nothing is reused, so nothing needs resetting). Changing a label later shows at
/// once. Keys pressed while a cell's row is selected go first to its `handleKey(_:)` (override it:
/// the terminal's buttons in a cell, `+` and `-` on a menu row).
@MainActor
open class ListCell: View {
    /// The identifier the cell was made for.
    public internal(set) var reuseIdentifier: String?

    /// The cell's main text (UITableViewCell's `textLabel`).
    public let textLabel = Label()

    /// Secondary text, in the next column (UITableViewCell's `detailTextLabel`).
    public let detailTextLabel = Label()

    /// A cell; subclasses add their labels and list them in `columnLabels`.
    public required override init() {
        super.init()
        // Hidden: the list draws the labels' text itself, in its columns; as subviews they still
        // ask the screen for a new frame when their text changes.
        isHidden = true
    }

    /// The labels whose text fills the row's columns, left to right: `textLabel` and, when it has
    /// text, `detailTextLabel`.
    open var columnLabels: [Label] {
        detailTextLabel.text == nil ? [textLabel] : [textLabel, detailTextLabel]
    }

    /// The row the list draws for the cell.
    var row: ListRow {
        ListRow(columns: columnLabels.map { $0.text ?? "" })
    }

    /// Keeps every label of the cell in its tree (not drawn: the cell is hidden) so that a change
    /// of text reaches the screen.
    func adoptLabels() {
        for label in columnLabels where label.superview !== self { addSubview(label) }
    }
}
