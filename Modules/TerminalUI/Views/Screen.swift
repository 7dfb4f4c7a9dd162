import Reactive

/// The window: shows a view controller on a terminal, routes keys, and draws frames.
///
/// Any change to a view marks the screen dirty; the screen draws one frame for all changes made
/// in the same main-queue turn (scheduled on the main scheduler's queue), and a headless terminal
/// asks for that frame at once when a test reads it. Keys go, in order, to: the `keys`
/// observers; Ctrl-C, which stops the terminal; the presented alert, which takes all others; the
/// root controller's key commands (a tab bar's Tab); Tab and Shift-Tab, which move the focus; the
/// focused view; the views' shortcuts; and last the controllers' `rx.keys`.
@MainActor
public final class Screen: ReactiveCompatible {
    /// The terminal drawn on. The terminal keeps its screen alive, not the other way round: a
    /// test or an app holds the terminal it reads or runs, and the screen with it.
    public private(set) weak var terminal: (any Terminal)?

    /// Whether Ctrl-C stops the terminal (ends `LiveTerminal.run()`).
    public var stopsOnControlC = true

    /// The view focused: keys go to it first.
    public private(set) weak var focusedView: View?

    private var needsRender = false
    private var renderScheduled = false
    private let keySubject = PublishSubject<Key>()
    private let bag = DisposeBag()

    /// A screen on `terminal`.
    public init(terminal: any Terminal) {
        self.terminal = terminal
        terminal.attach(self)
        terminal.keys
            .subscribe(onNext: { [weak self] key in self?.handleKey(key) })
            .disposed(by: bag)
        terminal.resizes
            .subscribe(onNext: { [weak self] _ in self?.setNeedsRender() })
            .disposed(by: bag)
        setNeedsRender()
    }

    /// The controller shown.
    public var rootViewController: ViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            if let oldValue {
                oldValue.hostingScreen = nil
                if oldValue.isViewLoaded { oldValue.view.hostScreen = nil }
            }
            rootViewController?.hostingScreen = self
            focusedView = nil
            rootViewDidChange()
        }
    }

    /// The alert the root controller presents now.
    public var presentedAlert: Alert? { rootViewController?.presentedAlert }

    /// Every key pressed, before the screen routes it.
    public var keys: Observable<Key> { keySubject.asObservable() }

    /// Gives `view` the focus if it can take it.
    public func focus(_ view: View?) {
        guard let view, view.canBecomeFocused, focusableViews.contains(where: { $0 === view }) else { return }
        setFocus(view)
    }

    func rootViewDidChange() {
        rootViewController?.view.hostScreen = self
        setNeedsRender()
    }

    // MARK: Rendering

    /// Asks for a frame on the main queue's next turn.
    public func setNeedsRender() {
        needsRender = true
        guard !renderScheduled else { return }
        renderScheduled = true
        _ = MainScheduler.asyncInstance.schedule(()) { [weak self] _ in
            MainActor.assumeIsolated {
                self?.renderScheduled = false
                self?.renderIfNeeded()
            }
            return Disposables.create()
        }
    }

    /// Draws a frame now if anything changed since the last one.
    public func renderIfNeeded() {
        guard needsRender else { return }
        render()
    }

    /// Lays out and draws every view, then the alert, and presents the frame.
    public func render() {
        needsRender = false
        guard let terminal else { return }
        var buffer = CellBuffer(size: terminal.size)
        if let controller = rootViewController {
            let root = controller.view
            root.frame = buffer.bounds
            root.layoutTree()
            validateFocus()
            root.drawTree(in: &buffer)
        }
        if let alert = presentedAlert {
            AlertView.draw(alert, in: &buffer, bounds: buffer.bounds)
        }
        // Drawing may mark views dirty (a list scrolling to its selection); this frame shows it.
        needsRender = false
        terminal.present(buffer)
    }

    // MARK: Keys

    private var focusableViews: [View] {
        guard let controller = rootViewController else { return [] }
        return controller.view.visibleTree.filter(\.canBecomeFocused)
    }

    private func setFocus(_ view: View?) {
        guard view !== focusedView else { return }
        let previous = focusedView
        focusedView = view
        previous?.focusDidChange()
        view?.focusDidChange()
        setNeedsRender()
    }

    private func validateFocus() {
        let candidates = focusableViews
        if let focusedView, candidates.contains(where: { $0 === focusedView }) { return }
        setFocus(candidates.first)
    }

    private func moveFocus(by step: Int) {
        let candidates = focusableViews
        guard !candidates.isEmpty else { return }
        let current = candidates.firstIndex { $0 === focusedView } ?? (step > 0 ? -1 : 0)
        setFocus(candidates[(current + step + candidates.count) % candidates.count])
    }

    /// Routes one key, as described on the type.
    func handleKey(_ key: Key) {
        keySubject.onNext(key)
        if key == .ctrlC, stopsOnControlC {
            terminal?.stop()
            return
        }
        if let alert = presentedAlert {
            alert.handleKey(key)
            return
        }
        if let root = rootViewController, root.handleKeyCommand(key) { return }
        validateFocus()
        switch key {
        case .tab:
            moveFocus(by: 1)
            return
        case .backTab:
            moveFocus(by: -1)
            return
        default: break
        }
        if let focusedView, focusedView.handleKey(key) { return }
        if let root = rootViewController?.view {
            for view in root.visibleTree where view.handleShortcut(key) { return }
        }
        rootViewController?.deliverUnhandledKey(key)
    }
}
