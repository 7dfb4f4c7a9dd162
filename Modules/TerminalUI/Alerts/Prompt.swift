import Reactive

extension Reactive where Base: ViewController {
    /// Presents an alert with a text field above [Cancel] [OK] and emits the text entered when OK
    /// is chosen, then completes; completes without an element when cancelled (UIAlertController's
    /// `addTextField`, as an observable).
    ///
    /// Presented and dismissed as `rx.alert` is. In the alert, characters (Space included),
    /// Backspace, Delete, Left, Right, Home, End and Ctrl-U edit the field; Tab and Shift-Tab move
    /// the highlight between the buttons (OK first); Enter chooses the highlighted button; Escape
    /// cancels. With `isSecureTextEntry` the field shows one `•` per character.
    public func prompt(
        title: String?, message: String?, placeholder: String = "", isSecureTextEntry: Bool = false,
        submitTitle: String = "OK", cancelTitle: String = "Cancel"
    ) -> Observable<String> {
        let actions = [AlertAction(title: cancelTitle, style: .cancel), AlertAction(title: submitTitle, style: .default)]
        return Alert.presentation(on: base) { report in
            let field = TextField(placeholder: placeholder, isSecureTextEntry: isSecureTextEntry)
            return Alert(title: title, message: message, actions: actions, textField: field) { action in
                report(action.style == .cancel ? nil : field.text)
            }
        }
    }
}
