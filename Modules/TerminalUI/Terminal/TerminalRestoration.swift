#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Puts the terminal back (termios, main screen, cursor) on every way out of the process:
/// explicitly, at `exit`, and from signal handlers for SIGINT, SIGTERM, SIGHUP, SIGQUIT and the
/// crash signals.
///
/// A signal handler may only do async-signal-safe work, so everything it needs is prepared in
/// advance, in memory it reads through a pointer without the Swift runtime: the saved termios, the
/// restore bytes, the self-pipe. The handler then calls only `write` and `tcsetattr` (both
/// async-signal-safe by POSIX), notifies the main thread by writing the signal number into the
/// self-pipe, and, unless a test asked it not to, puts back the previous disposition and raises
/// the signal again so the process ends as it would have (or the previous handler, such as the
/// crash backtracer, runs). Crash signals are always raised again.
enum TerminalRestoration {
    /// The signals that end the process by default and after which the terminal must be usable.
    static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    /// The signals of a crash (`fatalError` is SIGILL or SIGTRAP).
    static let crashSignals: [Int32] = [SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP]

    /// Whether a terminal session is active (its state is installed).
    static var isActive: Bool { context.pointee.active != 0 }

    /// Records what to restore and installs the handlers. Main thread only, one session at a time.
    static func activate(inputFD: Int32, outputFD: Int32, saved: termios?, notifyFD: Int32, reraisesSignals: Bool) {
        let state = context
        let restore = ANSIFrameEncoder.restoreSequence
        precondition(restore.count <= restoreCapacity)
        for (index, byte) in restore.enumerated() { state.pointee.restoreBytes[index] = byte }
        state.pointee.restoreLength = restore.count
        state.pointee.inputFD = inputFD
        state.pointee.outputFD = outputFD
        state.pointee.hasSavedTermios = saved == nil ? 0 : 1
        if let saved { state.pointee.saved = saved }
        state.pointee.notifyFD = notifyFD
        state.pointee.reraise = reraisesSignals ? 1 : 0
        if !atexitRegistered {
            atexitRegistered = true
            atexit { TerminalRestoration.restoreFromAnyContext() }
        }
        // Written before the handlers exist; sigaction is a system call, which orders the writes
        // before any handler that could read them.
        state.pointee.active = 1
        for signal in terminationSignals + crashSignals { install(signalHandler, for: signal) }
        install(resizeHandler, for: SIGWINCH)
    }

    /// Restores the terminal (if a handler has not already) and puts back the previous handlers.
    static func deactivate() {
        restoreFromAnyContext()
        for signal in terminationSignals + crashSignals + [SIGWINCH] {
            _ = sigaction(signal, context.pointee.previous + Int(signal), nil)
        }
        context.pointee.notifyFD = -1
    }

    /// The restoration itself: only `write` and `tcsetattr`, so signal handlers can call it.
    static func restoreFromAnyContext() {
        let state = context
        guard state.pointee.active != 0 else { return }
        state.pointee.active = 0
        var written = 0
        while written < state.pointee.restoreLength {
            let result = write(state.pointee.outputFD, state.pointee.restoreBytes + written, state.pointee.restoreLength - written)
            if result > 0 {
                written += result
            } else if result < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        if state.pointee.hasSavedTermios != 0 {
            _ = tcsetattr(state.pointee.inputFD, TCSANOW, &state.pointee.saved)
        }
    }

    private static func install(_ handler: @convention(c) (Int32) -> Void, for signal: Int32) {
        var action = sigaction()
        // The same field under each C library's own name.
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = handler
        #else
            action.__sigaction_handler.sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        _ = sigaction(signal, &action, context.pointee.previous + Int(signal))
    }

    private static let restoreCapacity = 64
    // Set once, on the main thread, inside `activate`.
    nonisolated(unsafe) private static var atexitRegistered = false

    /// Plain values the handlers read; see the type's comment.
    struct Context {
        var active: Int32 = 0
        var reraise: Int32 = 1
        /// Where termios is restored.
        var inputFD: Int32 = -1
        /// Where the restore bytes go.
        var outputFD: Int32 = -1
        var notifyFD: Int32 = -1
        var hasSavedTermios: Int32 = 0
        var saved = termios()
        var restoreLength = 0
        var restoreBytes: UnsafeMutablePointer<UInt8>
        /// The dispositions replaced, indexed by signal number.
        var previous: UnsafeMutablePointer<sigaction>
    }

    /// Allocated once, on first activation (on the main thread), and never freed, so a handler
    /// never finds it missing. Handlers and the main thread share it without a lock: the main
    /// thread writes it only while no handler is installed, except `active`, a 32-bit flag used as
    /// a `sig_atomic_t` (a restoration that runs twice is harmless). The lazy initialisation has
    /// finished before any handler exists, so a handler's access is a plain load.
    nonisolated(unsafe) static let context: UnsafeMutablePointer<Context> = {
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        previous.initialize(repeating: sigaction(), count: 65)
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: restoreCapacity)
        bytes.initialize(repeating: 0, count: restoreCapacity)
        let context = UnsafeMutablePointer<Context>.allocate(capacity: 1)
        context.initialize(to: Context(restoreBytes: bytes, previous: previous))
        return context
    }()
}

/// The handler for termination and crash signals (async-signal-safe; see `TerminalRestoration`).
private func signalHandler(_ signal: Int32) {
    let savedErrno = errno
    defer { errno = savedErrno }
    let state = TerminalRestoration.context
    TerminalRestoration.restoreFromAnyContext()
    var byte = UInt8(truncatingIfNeeded: signal)
    if state.pointee.notifyFD >= 0 { _ = write(state.pointee.notifyFD, &byte, 1) }
    let isCrash =
        signal == SIGABRT || signal == SIGSEGV || signal == SIGBUS
        || signal == SIGILL || signal == SIGFPE || signal == SIGTRAP
    if state.pointee.reraise != 0 || isCrash {
        _ = sigaction(signal, state.pointee.previous + Int(signal), nil)
        _ = raise(signal)
    }
}

/// The SIGWINCH handler: tells the main thread through the self-pipe (async-signal-safe).
private func resizeHandler(_ signal: Int32) {
    let savedErrno = errno
    defer { errno = savedErrno }
    var byte = UInt8(truncatingIfNeeded: signal)
    let fd = TerminalRestoration.context.pointee.notifyFD
    if fd >= 0 { _ = write(fd, &byte, 1) }
}
