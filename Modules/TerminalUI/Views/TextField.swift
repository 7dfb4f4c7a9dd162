import Reactive
import ReactiveUI

/// One line of editable text with a cursor (UITextField's part); read it with `field.rx.text`.
///
/// While focused, printable characters and pastes insert at the cursor, Backspace and Delete remove the
/// character before and after it, Left, Right, Home, End, Ctrl-A and Ctrl-E move it, Ctrl-U clears
/// everything before it, and Enter submits (`rx.submit`). Other keys (Up, Down, Escape…) are left
/// to the screen. The text is edited by grapheme cluster, so a character and its combining marks,
/// or a Hangul syllable spelt in jamo, move and delete as one.
///
/// The field draws one underlined row. Text wider than the field scrolls sideways to keep the
/// cursor in view (a long paste shows its tail); the cursor cell is in reverse video while the
/// field has the focus. Secure entry draws one `•` per character and never the text itself.
@MainActor
public final class TextField: View {
    /// The text; setting it moves the cursor to the end.
    public var text: String {
        get { storage }
        set {
            let changed = newValue != storage
            storage = newValue
            cursor = storage.utf8.count
            didEdit(changed: changed)
        }
    }

    /// Text shown dimmed while the field is empty.
    public var placeholder: String {
        didSet { if placeholder != oldValue { setNeedsDisplay() } }
    }

    /// Whether the field hides its text behind one `•` per character (for passwords and tokens).
    public var isSecureTextEntry: Bool {
        didSet { if isSecureTextEntry != oldValue { setNeedsDisplay() } }
    }

    /// The cursor, as a number of characters from the start (0 is before the first).
    public var cursorPosition: Int {
        storage[..<cursorIndex].count
    }

    nonisolated let textChanges: BehaviorSubject<String>
    nonisolated let submits = PublishSubject<String>()

    /// The text. A `String` keeps grapheme clusters whole as they form; the cursor is a UTF-8
    /// offset into it, which a native string turns into an index in constant time, so typing at
    /// the end costs no more than appending.
    private var storage: String
    private var cursor: Int
    /// The first cell of the text shown (horizontal scrolling), kept between frames so that the
    /// view moves only when the cursor would leave it.
    private var scrollOffset = 0

    /// Draws the cursor even without the screen's focus: an alert's field edits while the alert is up.
    var showsCursorWithoutFocus = false

    /// Called when the field needs drawing again, for a host that is not a view (an alert).
    var onDisplayChange: (@MainActor () -> Void)?

    /// A field holding `text`, with the cursor at its end.
    public init(text: String = "", placeholder: String = "", isSecureTextEntry: Bool = false) {
        self.storage = text
        self.cursor = text.utf8.count
        self.placeholder = placeholder
        self.isSecureTextEntry = isSecureTextEntry
        self.textChanges = BehaviorSubject(value: text)
        super.init()
    }

    // MARK: Editing

    private var cursorIndex: String.Index {
        storage.utf8.index(storage.startIndex, offsetBy: cursor)
    }

    private func offset(of index: String.Index) -> Int {
        storage.utf8.distance(from: storage.startIndex, to: index)
    }

    /// Inserts `character` at the cursor and moves the cursor after it.
    private func insert(_ character: Character) {
        if cursor == storage.utf8.count {
            storage.append(character)
            cursor = storage.utf8.count
        } else {
            storage.insert(character, at: cursorIndex)
            cursor += character.utf8.count
            // The new scalars may have joined the character after them (a jamo completing a
            // syllable): the cursor then goes after the whole cluster, never inside it.
            let index = cursorIndex
            if index.samePosition(in: storage) == nil {
                cursor = offset(of: storage.index(after: index))
            }
        }
        didEdit(changed: true)
    }

    /// Inserts a pasted `text` at the cursor as one edit, without its control characters: a
    /// single line keeps no newline or tab, and a token copied across wrapped lines comes out whole.
    private func insert(pasted text: String) {
        let kept = String(text.filter { !$0.isTerminalControl })
        guard !kept.isEmpty else { return }
        storage.insert(contentsOf: kept, at: cursorIndex)
        cursor += kept.utf8.count
        realignCursor()
        didEdit(changed: true)
    }

    private func deleteBackward() {
        guard cursor > 0 else { return }
        let end = cursorIndex
        let start = storage.index(before: end)
        storage.removeSubrange(start..<end)
        cursor = offset(of: start)
        realignCursor()
        didEdit(changed: true)
    }

    private func deleteForward() {
        guard cursor < storage.utf8.count else { return }
        let start = cursorIndex
        storage.removeSubrange(start..<storage.index(after: start))
        realignCursor()
        didEdit(changed: true)
    }

    private func deleteToStart() {
        guard cursor > 0 else { return }
        storage.removeSubrange(storage.startIndex..<cursorIndex)
        cursor = 0
        didEdit(changed: true)
    }

    /// Keeps the cursor on a character boundary after an edit joined its neighbours into one cluster.
    private func realignCursor() {
        let index = cursorIndex
        if index.samePosition(in: storage) == nil {
            cursor = offset(of: storage.index(after: index))
        }
    }

    private func moveCursor(to offset: Int) {
        guard offset != cursor else { return }
        cursor = offset
        redraw()
    }

    private func didEdit(changed: Bool) {
        redraw()
        if changed { textChanges.onNext(storage) }
    }

    private func redraw() {
        setNeedsDisplay()
        onDisplayChange?()
    }

    // MARK: View

    /// Takes spare width.
    public override var expandsHorizontally: Bool { true }

    /// One row, as wide as it is given.
    public override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width, height: min(1, size.height))
    }

    /// Takes the focus.
    public override var canBecomeFocused: Bool { true }

    /// Edits or moves the cursor; Enter submits. Keys the field has no use for return false.
    public override func handleKey(_ key: Key) -> Bool {
        switch key {
        case .character(let character):
            // Control characters never enter the text: they would move the terminal's cursor.
            if !character.isTerminalControl { insert(character) }
        case .paste(let text): insert(pasted: text)
        case .backspace: deleteBackward()
        case .delete: deleteForward()
        case .left:
            if cursor > 0 { moveCursor(to: offset(of: storage.index(before: cursorIndex))) }
        case .right:
            if cursor < storage.utf8.count { moveCursor(to: offset(of: storage.index(after: cursorIndex))) }
        case .home, .control("a"): moveCursor(to: 0)
        case .end, .control("e"): moveCursor(to: storage.utf8.count)
        case .control("u"): deleteToStart()
        case .enter: submits.onNext(storage)
        default: return false
        }
        return true
    }

    /// Draws the text (or the placeholder) scrolled to show the cursor, and the cursor when focused.
    public override func draw(in buffer: inout CellBuffer) {
        guard frame.width > 0, frame.height > 0 else { return }
        let row = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: 1)
        let showsCursor = isFocused || showsCursorWithoutFocus
        buffer.fill(row, style: Style(underline: true))
        if storage.isEmpty {
            scrollOffset = 0
            buffer.write(
                placeholder.sanitizedForTerminal.truncated(toWidth: frame.width), at: row.origin,
                style: Style(dim: true, underline: true), clip: row)
            if showsCursor { markCursor(in: &buffer, row: row, column: 0, width: 1) }
            return
        }

        // Each character's cell and width, in one pass; the cursor's found by its UTF-8 offset.
        var glyphs: [(character: Character, column: Int, width: Int)] = []
        var column = 0
        var offset = 0
        var cursorColumn = 0
        var cursorWidth = 1
        for character in storage {
            let shown: Character = isSecureTextEntry ? "•" : character
            let width = isSecureTextEntry ? 1 : character.terminalWidth
            if offset == cursor {
                cursorColumn = column
                cursorWidth = max(1, width)
            }
            glyphs.append((shown, column, width))
            column += width
            offset += character.utf8.count
        }
        if offset == cursor { cursorColumn = column }
        scrollOffset = Self.scrolled(
            scrollOffset, cursor: cursorColumn, cursorWidth: cursorWidth, textWidth: column, width: frame.width
        )

        let visible = scrollOffset..<(scrollOffset + frame.width)
        for glyph in glyphs where glyph.width > 0 {
            // A wide character cut by either edge stays blank rather than half drawn.
            guard visible.contains(glyph.column), glyph.column + glyph.width <= visible.upperBound else { continue }
            let point = Point(x: row.minX + glyph.column - scrollOffset, y: row.minY)
            buffer.write(String(glyph.character), at: point, style: Style(underline: true), clip: row)
        }
        if showsCursor {
            markCursor(in: &buffer, row: row, column: cursorColumn - scrollOffset, width: cursorWidth)
        }
    }

    /// The first cell to show so that the cursor cell is in view, moving as little as possible
    /// from `current`, and leaving no empty cells on the right while text is hidden on the left.
    static func scrolled(_ current: Int, cursor: Int, cursorWidth: Int, textWidth: Int, width: Int) -> Int {
        var offset = current
        if cursor < offset { offset = cursor }
        if cursor + cursorWidth > offset + width { offset = cursor + cursorWidth - width }
        // Only text and the cell after it (where the cursor sits at the end) need room.
        offset = min(offset, max(0, textWidth + 1 - width))
        // A field narrower than the wide character under the cursor shows where it starts.
        if cursorWidth > width { offset = cursor }
        return max(0, offset)
    }

    private func markCursor(in buffer: inout CellBuffer, row: Rect, column: Int, width: Int) {
        let cell = Rect(x: row.minX + column, y: row.minY, width: width, height: 1).intersection(row)
        buffer.restyle(cell) { $0.reverse = true }
    }
}

extension Reactive where Base: TextField {
    /// The text (RxCocoa's `textField.rx.text`): the current one when subscribed, then each edit,
    /// on the main thread; binding to it sets the text (nil clears it). A field's text is never
    /// nil: `orEmpty` gives it as a `String`.
    public var text: ControlProperty<String?> {
        ControlProperty(
            values: base.textChanges.map { Optional($0) },
            valueSink: Binder(mainActor: base) { field, text in
                field.text = text ?? ""
            })
    }

    /// The text each time Enter is pressed in the focused field (RxCocoa's `controlEvent(.editingDidEndOnExit)`).
    public var submit: ControlEvent<String> { ControlEvent(events: base.submits) }
}
