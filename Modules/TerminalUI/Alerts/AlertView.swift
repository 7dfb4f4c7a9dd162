/// Draws an alert as a box in the middle of the screen, over whatever is there.
///
/// ```
/// ┌──────────────────┐
/// │    Order Fail    │
/// │                  │
/// │    No Orders     │
/// │                  │
/// │     [>OK<]       │
/// └──────────────────┘
/// ```
///
/// An alert with a text field shows it, as wide as the box allows, on its own row above the buttons.
@MainActor
enum AlertView {
    /// Draws `alert` centred in `bounds`.
    static func draw(_ alert: Alert, in buffer: inout CellBuffer, bounds: Rect) {
        let buttons = alert.actions.enumerated().map { index, action in
            index == alert.highlightedIndex ? "[>" + action.title + "<]" : "[ " + action.title + " ]"
        }
        let buttonsWidth = buttons.map(\.terminalWidth).reduce(0, +) + max(0, buttons.count - 1)
        let maxInner = max(1, min(bounds.width - 4, 60))
        let title = alert.title.map { $0.sanitizedForTerminal.truncated(toWidth: maxInner) }
        let messageWidth =
            alert.message.map { $0.sanitizedForTerminalKeepingLineBreaks.wrapped(toWidth: maxInner).map(\.terminalWidth).max() ?? 0 } ?? 0
        // A field asks for room to show a good stretch of what is typed (a pasted token is long).
        let fieldWidth = alert.textField == nil ? 0 : 40
        let fieldRows = alert.textField == nil ? 0 : 2
        let inner = min(maxInner, max(title?.terminalWidth ?? 0, messageWidth, buttonsWidth, fieldWidth, 10))
        var message = alert.message.map { $0.sanitizedForTerminalKeepingLineBreaks.wrapped(toWidth: inner) } ?? []
        // The buttons must stay on screen: a message too long for it is cut, the cut marked with `…`.
        let room = max(1, bounds.height - 4 - (title == nil ? 0 : 2) - fieldRows)
        if message.count > room {
            message = Array(message.prefix(room))
            message[room - 1] = (message[room - 1] + "…").truncated(toWidth: inner)
        }

        var lines: [(String, Style)] = []
        if let title { lines.append((title, .bold)) }
        if title != nil, !message.isEmpty { lines.append(("", .plain)) }
        lines += message.map { ($0, .plain) }
        lines.append(("", .plain))
        let fieldRow = lines.count
        if fieldRows > 0 {
            lines.append(("", .plain))
            lines.append(("", .plain))
        }

        let width = inner + 4
        let height = lines.count + 3
        let box = Rect(
            x: bounds.minX + max(0, (bounds.width - width) / 2),
            y: bounds.minY + max(0, (bounds.height - height) / 2),
            width: min(width, bounds.width), height: min(height, bounds.height)
        )
        let frameStyle = Style.plain
        buffer.fill(box, style: frameStyle)
        buffer.write("┌" + String(repeating: "─", count: width - 2) + "┐", at: box.origin, style: frameStyle, clip: box)
        for y in (box.minY + 1)..<max(box.minY + 1, box.maxY - 1) {
            buffer.write("│", at: Point(x: box.minX, y: y), style: frameStyle, clip: box)
            buffer.write("│", at: Point(x: box.minX + width - 1, y: y), style: frameStyle, clip: box)
        }
        buffer.write(
            "└" + String(repeating: "─", count: width - 2) + "┘", at: Point(x: box.minX, y: box.minY + height - 1), style: frameStyle,
            clip: box)

        let content = box.inset(by: EdgeInsets(vertical: 1, horizontal: 2))
        for (row, (line, style)) in lines.enumerated() {
            buffer.write(
                line.aligned(.center, width: inner), at: Point(x: content.minX, y: content.minY + row), style: style, clip: content)
        }
        if let field = alert.textField {
            field.frame = Rect(x: content.minX, y: content.minY + fieldRow, width: inner, height: 1).intersection(content)
            field.draw(in: &buffer)
        }
        // The buttons' row, centred; each button in its own style.
        var x = content.minX + max(0, (inner - buttonsWidth) / 2)
        let y = content.minY + lines.count
        for (index, button) in buttons.enumerated() {
            let action = alert.actions[index]
            let style = Style(
                foreground: action.style == .destructive ? .red : nil,
                bold: action.style == .cancel ? false : index == alert.highlightedIndex,
                reverse: index == alert.highlightedIndex
            )
            x += buffer.write(button, at: Point(x: x, y: y), style: style, clip: content) + 1
        }
    }
}
