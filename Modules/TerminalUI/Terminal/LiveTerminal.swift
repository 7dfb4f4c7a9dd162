import Dispatch
import Foundation
import Reactive

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The real terminal: ANSI escape sequences on a TTY.
///
/// `start()` switches to raw mode (termios), the alternate screen, a hidden cursor and no
/// auto-wrap; frames are sent as the difference from the previous one; SIGWINCH redraws at the
/// new size; and the terminal is restored by `restore()`, at `exit`, and from the handlers of
/// SIGINT, SIGTERM, SIGHUP, SIGQUIT and the crash signals (see `TerminalRestoration`). Colours are
/// off when `NO_COLOR` is set to a non-empty value or the output is not a TTY. Keys are read on the
/// main queue as they arrive; a lone ESC waits briefly for the rest of a sequence.
@MainActor
public final class LiveTerminal: Terminal {
    /// Why a terminal session could not start.
    public enum Failure: Error, Equatable {
        /// Another live terminal session is active in this process.
        case alreadyActive
        /// A system call failed with this errno.
        case system(call: String, errno: Int32)
    }

    /// The file descriptor keys are read from.
    public let inputFD: Int32
    /// The file descriptor frames are written to.
    public let outputFD: Int32
    /// Whether colours are sent.
    public let colorsEnabled: Bool
    /// The current size in cells.
    public private(set) var size: Size
    /// Whether the session is running (between `start()` and `restore()`).
    public private(set) var isStarted = false

    private let reraisesSignals: Bool
    private let encoder: ANSIFrameEncoder
    private var previousFrame: CellBuffer?
    private var parser = KeyParser()
    private var escapeGeneration = 0
    private var isStopped = false
    private var inputSource: DispatchSourceRead?
    private var signalSource: DispatchSourceRead?
    private var pipeFDs: [Int32] = [-1, -1]
    private let keySubject = PublishSubject<Key>()
    private let sizeSubject = PublishSubject<Size>()
    private let signalSubject = PublishSubject<Int32>()
    private var screen: Screen?

    /// A terminal on `input` and `output` (standard input and output by default).
    ///
    /// `reraisesSignals: false` keeps the process alive after SIGINT or SIGTERM (the terminal is
    /// still restored and `signals` reports it); tests use it to check restoration in-process.
    public init(
        input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        reraisesSignals: Bool = true
    ) {
        inputFD = input
        outputFD = output
        self.reraisesSignals = reraisesSignals
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        colorsEnabled = !noColor && isatty(output) == 1
        encoder = ANSIFrameEncoder(colorsEnabled: colorsEnabled)
        size = Self.querySize(fds: [output, input], environment: environment)
    }

    /// Keys read from the input.
    public var keys: Observable<Key> { keySubject.asObservable() }

    /// The new size after each SIGWINCH.
    public var resizes: Observable<Size> { sizeSubject.asObservable() }

    /// Termination signals received (when the process survives them, see `init`).
    public var signals: Observable<Int32> { signalSubject.asObservable() }

    /// Keeps the screen, to redraw it after a resize.
    public func attach(_ screen: Screen) {
        self.screen = screen
    }

    // MARK: Session

    /// Enters raw mode and the alternate screen, installs the signal handlers, starts reading keys.
    public func start() throws {
        guard !isStarted else { return }
        guard !TerminalRestoration.isActive else { throw Failure.alreadyActive }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw Failure.system(call: "pipe", errno: errno) }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, O_NONBLOCK)  // a handler must never block on a full pipe
        }
        pipeFDs = fds

        var saved: termios?
        if isatty(inputFD) == 1 {
            var original = termios()
            guard tcgetattr(inputFD, &original) == 0 else { throw Failure.system(call: "tcgetattr", errno: errno) }
            var raw = original
            cfmakeraw(&raw)
            guard tcsetattr(inputFD, TCSANOW, &raw) == 0 else { throw Failure.system(call: "tcsetattr", errno: errno) }
            saved = original
        }
        TerminalRestoration.activate(inputFD: inputFD, outputFD: outputFD, saved: saved, notifyFD: fds[1], reraisesSignals: reraisesSignals)
        isStarted = true
        isStopped = false
        previousFrame = nil
        send(ANSIFrameEncoder.setupSequence)
        startReading()
        screen?.setNeedsRender()
    }

    /// Leaves the alternate screen, shows the cursor, restores termios and the previous signal
    /// handlers, and stops reading keys. Safe to call more than once.
    public func restore() {
        guard isStarted else { return }
        isStarted = false
        TerminalRestoration.deactivate()
        inputSource?.cancel()
        signalSource?.cancel()  // its cancel handler closes the self-pipe
        inputSource = nil
        signalSource = nil
        pipeFDs = [-1, -1]
    }

    /// Ends `run()`.
    public func stop() {
        isStopped = true
    }

    /// Starts the session, runs the main run loop until `stop()` (Ctrl-C on a screen), then
    /// restores the terminal, also when an error is thrown.
    public func run() throws {
        try start()
        defer { restore() }
        while !isStopped && isStarted {
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.25))
        }
    }

    // MARK: Output

    /// Sends the cells that changed since the previous frame.
    public func present(_ frame: CellBuffer) {
        guard isStarted else { return }
        send(encoder.encode(frame, over: previousFrame))
        previousFrame = frame
    }

    private func send(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let result = write(outputFD, buffer.baseAddress! + offset, buffer.count - offset)
                if result > 0 {
                    offset += result
                } else if result < 0 && (errno == EINTR || errno == EAGAIN) {
                    continue
                } else {
                    return  // the terminal went away; nothing more can be shown
                }
            }
        }
    }

    // MARK: Input

    private func startReading() {
        let input = DispatchSource.makeReadSource(fileDescriptor: inputFD, queue: .main)
        input.setEventHandler { [weak self] in
            // The source runs on the main queue.
            MainActor.assumeIsolated { self?.readInput() }
        }
        input.resume()
        inputSource = input

        let signals = DispatchSource.makeReadSource(fileDescriptor: pipeFDs[0], queue: .main)
        signals.setEventHandler { [weak self] in
            // The source runs on the main queue.
            MainActor.assumeIsolated { self?.readSignals() }
        }
        // libdispatch requires a source's descriptor to stay open until the source is cancelled.
        let pipe = pipeFDs
        signals.setCancelHandler {
            for fd in pipe { close(fd) }
        }
        signals.resume()
        signalSource = signals
    }

    private func readInput() {
        var bytes = [UInt8](repeating: 0, count: 1024)
        let count = bytes.withUnsafeMutableBytes { read(inputFD, $0.baseAddress, $0.count) }
        if count == 0 {
            // End of input: the terminal hung up.
            inputSource?.cancel()
            inputSource = nil
            stop()
            return
        }
        guard count > 0 else { return }
        deliver(parser.parse(bytes.prefix(count)))
        if parser.hasPendingInput {
            // A lone ESC is the Escape key unless more bytes follow at once.
            escapeGeneration += 1
            let generation = escapeGeneration
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(50)) { [weak self] in
                MainActor.assumeIsolated {
                    guard let self, self.escapeGeneration == generation else { return }
                    self.deliver(self.parser.flush())
                }
            }
        }
    }

    private func deliver(_ keys: [Key]) {
        for key in keys { keySubject.onNext(key) }
    }

    private func readSignals() {
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = bytes.withUnsafeMutableBytes { read(pipeFDs[0], $0.baseAddress, $0.count) }
        guard count > 0 else { return }
        for signal in bytes.prefix(count).map(Int32.init) {
            if signal == SIGWINCH {
                let newSize = Self.querySize(fds: [outputFD, inputFD], environment: [:])
                guard newSize != size else { continue }
                size = newSize
                previousFrame = nil  // after a resize the screen's content is undefined: draw it whole
                sizeSubject.onNext(newSize)  // the screen redraws on it
            } else {
                restore()
                signalSubject.onNext(signal)
            }
        }
    }

    /// The window size from the first descriptor that is a terminal, else $COLUMNS×$LINES, else 80×24.
    static func querySize(fds: [Int32], environment: [String: String]) -> Size {
        for fd in fds {
            var window = winsize()
            if ioctl(fd, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
                return Size(width: Int(window.ws_col), height: Int(window.ws_row))
            }
        }
        let columns = environment["COLUMNS"].flatMap(Int.init) ?? 80
        let lines = environment["LINES"].flatMap(Int.init) ?? 24
        return Size(width: columns, height: lines)
    }
}
