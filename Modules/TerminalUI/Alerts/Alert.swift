import Dispatch
import Foundation

/// An alert on screen (UIAlertController's part): what it says, its actions, the one highlighted,
/// and a way to choose one as a key press would.
///
/// An alert is modal: while it is presented it takes every key but Ctrl-C. Left, Right, Tab and
/// Shift-Tab move the highlight, Enter or Space chooses the highlighted action, Escape chooses the
/// cancel action if there is one. Choosing dismisses the alert, then reports the action.
///
/// An alert with a text field (`rx.prompt`) gives the field every editing key, Space, Left and
/// Right included; there Tab and Shift-Tab alone move the highlight.
@MainActor
public final class Alert {
    /// The title, in bold.
    public let title: String?
    /// The message, wrapped to the alert's width.
    public let message: String?
    /// The buttons, left to right.
    public let actions: [AlertAction]
    /// The action Enter chooses.
    public private(set) var highlightedIndex: Int
    /// The text field above the buttons, if the alert asks for text (UIAlertController's `textFields`).
    public let textField: TextField?

    /// The field's text, or nil for an alert without a field.
    public var textFieldText: String? { textField?.text }

    private var onChoice: ((AlertAction) -> Void)?
    weak var presenter: ViewController?

    /// An alert that calls `onChoice` with the action chosen; `textField`, if any, shows above the buttons.
    init(
        title: String?, message: String?, actions: [AlertAction], textField: TextField? = nil,
        onChoice: @escaping (AlertAction) -> Void
    ) {
        self.title = title
        self.message = message
        self.actions = actions
        self.highlightedIndex = actions.firstIndex { $0.style != .cancel } ?? 0
        self.textField = textField
        self.onChoice = onChoice
        if let textField {
            // The field is in no view tree, so it cannot reach the screen through its superviews.
            textField.showsCursorWithoutFocus = true
            textField.onDisplayChange = { [weak self] in self?.presenter?.screen?.setNeedsRender() }
        }
    }

    /// Chooses `action` as pressing its button would: dismisses the alert, then reports the action.
    public func choose(_ action: AlertAction) {
        guard let index = actions.firstIndex(of: action) else { return }
        chooseAction(at: index)
    }

    /// Chooses the action at `index`.
    public func chooseAction(at index: Int) {
        guard actions.indices.contains(index), let onChoice else { return }
        self.onChoice = nil
        presenter?.dismiss(self)
        onChoice(actions[index])
    }

    /// Moves the highlight, chooses, or ignores the key; the alert takes every key.
    func handleKey(_ key: Key) {
        if let textField {
            handleKey(key, editing: textField)
            return
        }
        switch key {
        case .left, .backTab:
            move(by: -1)
        case .right, .tab:
            move(by: 1)
        case .enter, .space:
            chooseAction(at: highlightedIndex)
        case .escape:
            if let cancel = actions.firstIndex(where: { $0.style == .cancel }) { chooseAction(at: cancel) }
        default:
            break
        }
    }

    /// The keys of an alert with a field: the field edits, Tab moves, Enter chooses, Escape cancels.
    private func handleKey(_ key: Key, editing textField: TextField) {
        switch key {
        case .tab:
            move(by: 1)
        case .backTab:
            move(by: -1)
        case .enter:
            chooseAction(at: highlightedIndex)
        case .escape:
            if let cancel = actions.firstIndex(where: { $0.style == .cancel }) { chooseAction(at: cancel) }
        default:
            _ = textField.handleKey(key)
        }
    }

    private func move(by step: Int) {
        guard !actions.isEmpty else { return }
        highlightedIndex = (highlightedIndex + step + actions.count) % actions.count
        presenter?.screen?.setNeedsRender()
    }

    /// Called when the presenter drops the alert without a choice (the subscription was disposed).
    func cancel() {
        onChoice = nil
    }

    /// Runs `work` now on the main thread, or on the main queue from any other thread (a
    /// subscription may be disposed anywhere).
    nonisolated static func onMainThread(_ work: @escaping @MainActor @Sendable () -> Void) {
        if Thread.isMainThread {
            MainActor.assumeIsolated { work() }
        } else {
            DispatchQueue.main.async { work() }
        }
    }
}
