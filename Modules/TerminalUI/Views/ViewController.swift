import Foundation
import Reactive

/// A screenful of views and the alerts it presents (UIViewController's part).
///
/// Subclass it as the seeds subclass UIViewController: build the views in `loadView()`, bind them
/// in `viewDidLoad()`, show messages with `rx.showMessage(_:)`. Presented alerts live on the
/// controller, so a test reads `presentedAlert` as the tutorial's test reads `presentedViewController`,
/// whether or not the controller is on a screen.
@MainActor
open class ViewController: ReactiveCompatible {
    private var loadedView: View?
    private var isLoadingView = false
    private var alerts: [Alert] = []

    /// The screen showing the controller: its own as a root, its parent's as a child.
    public var screen: Screen? { parent?.screen ?? hostingScreen }

    /// The title a container shows for the controller (a tab's name).
    open var title: String?

    /// The container holding the controller (UIKit's `parent`).
    public private(set) weak var parent: ViewController?

    /// The controllers this one contains, in order (UIKit's `children`).
    public private(set) var children: [ViewController] = []

    /// The screen of a root controller, set by the screen.
    weak var hostingScreen: Screen?

    nonisolated let unhandledKeys = PublishSubject<Key>()

    /// A controller; its view loads on first use.
    public init() {}

    /// The root view, loaded by `loadView()` on first use, then `viewDidLoad()` is called.
    public var view: View {
        get {
            loadViewIfNeeded()
            return loadedView ?? View()
        }
        set {
            loadedView?.hostScreen = nil
            loadedView = newValue
            screen?.rootViewDidChange()
        }
    }

    /// Whether the view has been loaded.
    public var isViewLoaded: Bool { loadedView != nil }

    /// Loads the view now if it has not been.
    public func loadViewIfNeeded() {
        guard loadedView == nil, !isLoadingView else { return }
        isLoadingView = true
        loadView()
        if loadedView == nil { loadedView = View() }
        isLoadingView = false
        viewDidLoad()
    }

    /// Creates the view and assigns it to `view`; by default an empty view.
    open func loadView() {
        view = View()
    }

    /// Called once, after the view loaded: bind the view model here.
    open func viewDidLoad() {}

    // MARK: Containment

    /// Makes `child` a child of this controller; its view is for the container to place.
    public func addChild(_ child: ViewController) {
        guard child.parent !== self else { return }
        child.removeFromParent()
        children.append(child)
        child.parent = self
        screen?.setNeedsRender()
    }

    /// Takes the controller out of its parent.
    public func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        parent.screen?.setNeedsRender()
    }

    /// The children whose alerts show, first to last, when this controller has none of its own.
    var childrenInAlertOrder: [ViewController] { children }

    // MARK: Keys

    /// Takes `key` before the focused view sees it (a container's Tab between tabs); returns
    /// whether it was used. By default the controller takes none.
    open func handleKeyCommand(_ key: Key) -> Bool { false }

    /// Offers a key no view used to `rx.keys` observers.
    func deliverUnhandledKey(_ key: Key) {
        unhandledKeys.onNext(key)
    }

    // MARK: Alerts

    /// The alert showing now (UIKit's `presentedViewController`); others wait behind it in order.
    /// A container shows its own alerts first, then its children's: an alert is modal on the
    /// whole screen, whichever controller presented it.
    public var presentedAlert: Alert? {
        alerts.first ?? childrenInAlertOrder.lazy.compactMap(\.presentedAlert).first
    }

    /// Shows `alert` over the screen, or after the alerts already presented are dismissed.
    func present(_ alert: Alert) {
        alert.presenter = self
        alerts.append(alert)
        screen?.setNeedsRender()
    }

    /// Takes `alert` off the screen (or out of the queue).
    func dismiss(_ alert: Alert) {
        guard let index = alerts.firstIndex(where: { $0 === alert }) else { return }
        alerts.remove(at: index)
        alert.cancel()
        screen?.setNeedsRender()
    }
}

extension Reactive where Base: ViewController {
    /// Presents an alert and emits the action chosen, then completes (RxAlert's `rx.alert`).
    ///
    /// The alert shows when subscribed: at once on the main thread (so a test sees it presented
    /// as soon as the subscription is made there), otherwise on the main queue. It is dismissed
    /// when an action is chosen, or when the subscription is disposed first.
    public func alert(title: String?, message: String?, actions: [AlertAction]) -> Observable<AlertAction> {
        Alert.presentation(on: base) { report in
            Alert(title: title, message: message, actions: actions) { report($0) }
        }
    }

    /// Presents `text` with one "OK" action of default style; emits when OK is chosen only if
    /// `withEvent` is true, and completes either way (the tutorial's `showMessage`).
    public func showMessage(_ text: String, withEvent: Bool = false) -> Observable<Void> {
        let alert = alert(title: nil, message: text, actions: [AlertAction(title: "OK", style: .default)])
            .map { _ in () }
        return withEvent ? alert : alert.flatMap { Observable<Void>.empty() }
    }

    /// Keys the screen offered the controller because no view used them.
    public var keys: Observable<Key> { base.unhandledKeys.asObservable() }

    /// Emits when `key` is pressed and no view uses it (a key binding such as `q` to quit).
    public func key(_ key: Key) -> Observable<Void> {
        base.unhandledKeys.filter { $0 == key }.map { _ in () }
    }
}
