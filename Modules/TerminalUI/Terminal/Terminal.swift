import Reactive

/// What a screen draws on and reads keys from: the live ANSI terminal or a headless one.
///
/// Terminals are main-thread objects: they deliver keys and sizes on the main thread, and the
/// screen presents frames to them there.
@MainActor
public protocol Terminal: AnyObject {
    /// The current size in cells.
    var size: Size { get }

    /// Keys as they are pressed.
    var keys: Observable<Key> { get }

    /// The new size after each resize.
    var resizes: Observable<Size> { get }

    /// Shows `frame`, which has the terminal's current size.
    func present(_ frame: CellBuffer)

    /// Called by the screen that draws on this terminal; the terminal keeps it (strongly) and may
    /// ask it for a frame.
    func attach(_ screen: Screen)

    /// Ends the session (Ctrl-C asks for this): the live terminal's run loop returns.
    func stop()
}
