import Reactive
import ReactiveUI

/// Screens side by side behind a tab bar, one shown at a time (UITabBarController's part).
///
/// Tab and Shift-Tab switch to the next and previous tab, so inside a tab the focus does not move
/// with them: the first control that can take the focus has it, and the others are reached through
/// their shortcuts. Each tab's view loads the first time the tab shows, as in UIKit. Alerts of any
/// tab show over the whole screen, the selected tab's first; keys no view used go to the selected
/// tab's `rx.keys`, then to the container's.
@MainActor
public final class TabBarController: ViewController {
    /// The row of titles at the top.
    public let tabBar = TabBar()

    /// The tabs, left to right; their titles name them in the bar.
    nonisolated public let viewControllers: [ViewController]

    private let content = TabContentView()
    nonisolated private let selection: BehaviorSubject<Int>

    /// Tabs for `viewControllers`, the first one selected.
    public init(viewControllers: [ViewController]) {
        self.viewControllers = viewControllers
        selection = BehaviorSubject(value: 0)
        super.init()
        for controller in viewControllers { addChild(controller) }
    }

    /// The index of the tab shown; setting it shows that tab (an index out of range is ignored).
    public var selectedIndex: Int {
        get { tabBar.selectedIndex }
        set {
            guard viewControllers.indices.contains(newValue), newValue != tabBar.selectedIndex else { return }
            tabBar.selectedIndex = newValue
            if isViewLoaded { showSelected() }
            selection.onNext(newValue)
        }
    }

    /// The controller of the tab shown.
    public var selectedViewController: ViewController? {
        viewControllers.indices.contains(selectedIndex) ? viewControllers[selectedIndex] : nil
    }

    /// The tab bar above the selected tab's view.
    public override func loadView() {
        tabBar.titles = viewControllers.enumerated().map { $1.title ?? "Tab \($0 + 1)" }
        view = VStack(tabBar, content)
        showSelected()
    }

    /// Tab and Shift-Tab switch tabs; other keys are the selected tab's to take.
    public override func handleKeyCommand(_ key: Key) -> Bool {
        switch key {
        case .tab where viewControllers.count > 1:
            selectedIndex = (selectedIndex + 1) % viewControllers.count
            return true
        case .backTab where viewControllers.count > 1:
            selectedIndex = (selectedIndex - 1 + viewControllers.count) % viewControllers.count
            return true
        default:
            return selectedViewController?.handleKeyCommand(key) ?? false
        }
    }

    override func deliverUnhandledKey(_ key: Key) {
        selectedViewController?.deliverUnhandledKey(key)
        super.deliverUnhandledKey(key)
    }

    override var childrenInAlertOrder: [ViewController] {
        guard let selected = selectedViewController else { return children }
        return [selected] + children.filter { $0 !== selected }
    }

    /// The selected index, as `rx.selectedIndex` reports it.
    nonisolated var selectedIndexChanges: Observable<Int> { selection.distinctUntilChanged() }

    private func showSelected() {
        for subview in content.subviews { subview.removeFromSuperview() }
        if let selected = selectedViewController { content.addSubview(selected.view) }
    }
}

extension Reactive where Base: TabBarController {
    /// The selected tab's index (as RxCocoa's `segmentedControl.rx.selectedSegmentIndex`): the
    /// current one on subscription, then each change; binding to it selects a tab.
    public var selectedIndex: ControlProperty<Int> {
        ControlProperty(
            values: base.selectedIndexChanges,
            valueSink: Binder(mainActor: base) { controller, index in
                controller.selectedIndex = index
            })
    }

    /// The controller of each tab the user or the code switches to (RxCocoa's
    /// `tabBarController.rx.didSelect`), not the one selected when subscribed.
    public var didSelect: ControlEvent<ViewController> {
        let controllers = base.viewControllers
        return ControlEvent(events: base.selectedIndexChanges.skip(1).map { controllers[$0] })
    }
}

/// The area under the tab bar: takes all the room left and gives it to the selected tab's view.
@MainActor
private final class TabContentView: View {
    override var expandsHorizontally: Bool { true }
    override var expandsVertically: Bool { true }
}
