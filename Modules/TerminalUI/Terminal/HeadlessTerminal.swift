import Reactive

/// A terminal made of a W×H cell buffer, for tests: read it with `snapshot()`, type with `press(_:)`.
///
/// Everything is synchronous: a key press is handled before `press` returns, and `snapshot()`
/// first draws whatever changed since the last frame, so a test needs no waiting for the UI.
@MainActor
public final class HeadlessTerminal: Terminal {
    /// The current size in cells.
    public private(set) var size: Size

    /// The last frame presented.
    public private(set) var buffer: CellBuffer

    /// How many frames the screen has presented.
    public private(set) var frameCount = 0

    /// Whether the screen asked to end the session (Ctrl-C).
    public private(set) var isStopped = false

    private let keySubject = PublishSubject<Key>()
    private let sizeSubject = PublishSubject<Size>()
    private var screen: Screen?

    /// A blank terminal of `width` × `height` cells.
    public init(width: Int, height: Int) {
        size = Size(width: width, height: height)
        buffer = CellBuffer(size: size)
    }

    /// Keys sent with `press(_:)` and `type(_:)`.
    public var keys: Observable<Key> { keySubject.asObservable() }

    /// Sizes set with `resize(width:height:)`.
    public var resizes: Observable<Size> { sizeSubject.asObservable() }

    /// Stores the frame.
    public func present(_ frame: CellBuffer) {
        buffer = frame
        frameCount += 1
    }

    /// Keeps the screen, so that reading draws its pending changes.
    public func attach(_ screen: Screen) {
        self.screen = screen
    }

    /// Records that the session should end.
    public func stop() {
        isStopped = true
    }

    /// The screen as text, after drawing pending changes: one line per row, trailing spaces and
    /// trailing empty rows removed, a wide character written once.
    public func snapshot() -> String {
        frame.text
    }

    /// The current cells, after drawing pending changes (styles included).
    public var frame: CellBuffer {
        screen?.renderIfNeeded()
        return buffer
    }

    /// Presses `keys` in order; each is handled before the next.
    public func press(_ keys: Key...) {
        for key in keys { keySubject.onNext(key) }
    }

    /// Types `text`, one character key per character.
    public func type(_ text: String) {
        for character in text { keySubject.onNext(.character(character)) }
    }

    /// Changes the size, as a window resize would.
    public func resize(width: Int, height: Int) {
        size = Size(width: width, height: height)
        sizeSubject.onNext(size)
    }
}
