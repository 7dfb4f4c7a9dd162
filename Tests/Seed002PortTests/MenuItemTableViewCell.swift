import TerminalUI

class MenuItemTableViewCell: ListCell {
    let title = Label()
    let count = Label()
    let price = Label()

    var onChange: ((Int) -> Void)?

    func onIncreaseCount() {
        onChange?(+1)
    }

    func onDecreaseCount() {
        onChange?(-1)
    }

    // The cell's two buttons on the terminal: `+` and `-` while its row is selected.
    override var columnLabels: [Label] { [title, price, count] }

    override func handleKey(_ key: Key) -> Bool {
        switch key {
        case "+": onIncreaseCount()
        case "-": onDecreaseCount()
        default: return false
        }
        return true
    }
}
