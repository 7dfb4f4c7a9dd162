import MenuInterface
import TerminalUI

/// One row of the menu (the tutorial's `MenuItemTableViewCell`): the name, the price and the count
/// between − and +; its two buttons are the `-` and `+` keys while the row is selected.
@MainActor
final class MenuItemCell: ListCell {
    let title = Label()
    let price = Label()
    let count = Label()

    /// What the buttons report: +1 or −1 (the tutorial's `onChange`).
    var onChange: ((Int) -> Void)?

    override var columnLabels: [Label] { [title, price, count] }

    override func handleKey(_ key: Key) -> Bool {
        switch key {
        case "+": onChange?(+1)
        case "-": onChange?(-1)
        default: return false
        }
        return true
    }
}
