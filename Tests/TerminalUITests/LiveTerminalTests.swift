import Dispatch
import Reactive
import TerminalUI
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The live terminal, driven on a pseudo-terminal. Signals are raised in-process with
// `reraisesSignals: false`, so the handler restores the terminal and the test process lives on.
@preconcurrency @MainActor  // @preconcurrency: Linux's generated test list traps casting sync main-actor tests otherwise
final class LiveTerminalTests: XCTestCase {
    private static let esc = "\u{1B}"

    private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    func testEscapeOutputOfASmallSceneAsBytes() throws {
        let pty = try PseudoTerminal(columns: 10, rows: 3)
        let terminal = LiveTerminal(input: pty.slave, output: pty.slave, environment: [:], reraisesSignals: false)
        XCTAssertEqual(terminal.size, Size(width: 10, height: 3))
        let label = Label("튀김1")
        let screen = Screen(terminal: terminal)
        screen.rootViewController = HostController(VStack(label, StatusLine("ok")))
        try terminal.start()
        defer { terminal.restore() }
        screen.render()

        let e = Self.esc
        let expected =
            ANSIFrameEncoder.setupSequence
            + Self.bytes("\(e)[0m\(e)[2J\(e)[1;1H튀김1\(e)[2;1H\(e)[0;7mok        \(e)[0m")
        XCTAssertEqual(String(decoding: pty.read(count: expected.count), as: UTF8.self), String(decoding: expected, as: UTF8.self))

        label.text = "튀김2"
        screen.render()
        XCTAssertEqual(pty.read(count: 7), Self.bytes("\(e)[1;5H2"))

        terminal.restore()
        XCTAssertEqual(pty.read(count: ANSIFrameEncoder.restoreSequence.count), ANSIFrameEncoder.restoreSequence)
    }

    func testTermiosIsRestoredAfterSIGTERMAndSIGINT() throws {
        for signal in [SIGTERM, SIGINT] {
            let pty = try PseudoTerminal()
            let original = pty.attributes
            XCTAssertNotEqual(original.c_lflag & tcflag_t(ICANON), 0)
            var previous = sigaction()
            sigaction(signal, nil, &previous)

            let terminal = LiveTerminal(input: pty.slave, output: pty.slave, environment: [:], reraisesSignals: false)
            let bag = DisposeBag()
            var received: [Int32] = []
            let reported = XCTestExpectation(description: "signal reported on the main queue")
            terminal.signals.subscribe(onNext: {
                received.append($0)
                reported.fulfill()
            }).disposed(by: bag)
            try terminal.start()
            let raw = pty.attributes
            XCTAssertEqual(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG), 0, "raw mode")
            XCTAssertFalse(sameAttributes(raw, original))
            _ = pty.read(count: ANSIFrameEncoder.setupSequence.count)

            // The handler runs inside raise(), before it returns: the restoration is synchronous.
            raise(signal)
            XCTAssertTrue(sameAttributes(pty.attributes, original), "termios restored after signal \(signal)")
            XCTAssertEqual(pty.read(count: ANSIFrameEncoder.restoreSequence.count), ANSIFrameEncoder.restoreSequence)

            XCTAssertEqual(XCTWaiter().wait(for: [reported], timeout: 10), .completed)
            XCTAssertEqual(received, [signal])
            XCTAssertFalse(terminal.isStarted)
            // The previous disposition is back.
            var current = sigaction()
            sigaction(signal, nil, &current)
            XCTAssertEqual(
                unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self),
                unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self)
            )
            // Restoring again writes nothing more.
            terminal.restore()
            XCTAssertEqual(pty.writtenSoFar(), [])
        }
    }

    func testKeysAreReadFromTheTerminal() throws {
        let pty = try PseudoTerminal()
        let terminal = LiveTerminal(input: pty.slave, output: pty.slave, environment: [:], reraisesSignals: false)
        let bag = DisposeBag()
        var keys: [Key] = []
        let done = XCTestExpectation(description: "keys read")
        terminal.keys.subscribe(onNext: { key in
            keys.append(key)
            if key == .enter { done.fulfill() }
        }).disposed(by: bag)
        try terminal.start()
        defer { terminal.restore() }
        pty.type(Self.bytes("+-"))
        pty.type([0x1B, 0x5B])  // an arrow split across writes
        pty.type([0x42])
        pty.type(Self.bytes("튀\r"))
        XCTAssertEqual(XCTWaiter().wait(for: [done], timeout: 10), .completed)
        XCTAssertEqual(keys, ["+", "-", .down, .character("튀"), .enter])
    }

    func testRunEndsOnCtrlCAndRestoresTheTerminal() throws {
        let pty = try PseudoTerminal()
        let original = pty.attributes
        let terminal = LiveTerminal(input: pty.slave, output: pty.slave, environment: [:], reraisesSignals: false)
        let screen = Screen(terminal: terminal)
        screen.rootViewController = HostController(Label("hi"))
        let bag = DisposeBag()
        var keys: [Key] = []
        screen.keys.subscribe(onNext: { keys.append($0) }).disposed(by: bag)
        let master = pty.master
        // Typed once the session runs (raw mode), so Ctrl-C arrives as a key, not as SIGINT.
        DispatchQueue.main.async {
            var byte: UInt8 = 0x03
            _ = write(master, &byte, 1)
        }
        // A bound in case the key never comes, so a failure cannot hang the suite.
        DispatchQueue.main.asyncAfter(deadline: .now() + 20) { MainActor.assumeIsolated { terminal.stop() } }
        try terminal.run()
        XCTAssertEqual(keys, [.ctrlC])
        XCTAssertFalse(terminal.isStarted)
        XCTAssertTrue(sameAttributes(pty.attributes, original))
        let output = pty.read(until: ANSIFrameEncoder.restoreSequence)
        XCTAssertEqual(Array(output.suffix(ANSIFrameEncoder.restoreSequence.count)), ANSIFrameEncoder.restoreSequence)
        XCTAssertTrue(String(decoding: output, as: UTF8.self).contains("hi"))
    }

    func testSIGWINCHResizesAndRedrawsWhole() throws {
        let pty = try PseudoTerminal(columns: 10, rows: 3)
        let terminal = LiveTerminal(input: pty.slave, output: pty.slave, environment: [:], reraisesSignals: false)
        let screen = Screen(terminal: terminal)
        screen.rootViewController = HostController(Label("x", alignment: .right))
        let bag = DisposeBag()
        let resized = XCTestExpectation(description: "resized")
        var sizes: [Size] = []
        terminal.resizes.subscribe(onNext: {
            sizes.append($0)
            resized.fulfill()
        }).disposed(by: bag)
        try terminal.start()
        defer { terminal.restore() }
        screen.render()
        _ = pty.read(until: Self.bytes("x"))

        pty.resize(columns: 20, rows: 5)
        raise(SIGWINCH)  // the kernel signals the pty's foreground process group, which the test is not
        XCTAssertEqual(XCTWaiter().wait(for: [resized], timeout: 10), .completed)
        XCTAssertEqual(sizes, [Size(width: 20, height: 5)])
        XCTAssertEqual(terminal.size, Size(width: 20, height: 5))
        screen.renderIfNeeded()
        let e = Self.esc
        let redraw = Self.bytes("\(e)[0m\(e)[2J\(e)[1;20Hx")
        XCTAssertEqual(pty.read(count: redraw.count), redraw)
    }

    func testColoursFollowNO_COLORAndWhetherTheOutputIsATTY() throws {
        let pty = try PseudoTerminal()
        XCTAssertTrue(LiveTerminal(input: pty.slave, output: pty.slave, environment: [:]).colorsEnabled)
        XCTAssertTrue(LiveTerminal(input: pty.slave, output: pty.slave, environment: ["NO_COLOR": ""]).colorsEnabled)
        XCTAssertFalse(LiveTerminal(input: pty.slave, output: pty.slave, environment: ["NO_COLOR": "1"]).colorsEnabled)
        var fds: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&fds), 0)
        defer { fds.forEach { close($0) } }
        let piped = LiveTerminal(input: pty.slave, output: fds[1], environment: ["COLUMNS": "40", "LINES": "12"])
        XCTAssertFalse(piped.colorsEnabled)
        // The size still comes from the input terminal when the output is a pipe.
        XCTAssertEqual(piped.size, Size(width: 10, height: 3))
    }

    func testOnlyOneSessionAtATime() throws {
        let pty = try PseudoTerminal()
        let first = LiveTerminal(input: pty.slave, output: pty.slave, environment: [:], reraisesSignals: false)
        let second = LiveTerminal(input: pty.slave, output: pty.slave, environment: [:], reraisesSignals: false)
        try first.start()
        XCTAssertThrowsError(try second.start()) { XCTAssertEqual($0 as? LiveTerminal.Failure, .alreadyActive) }
        first.restore()
        try second.start()
        second.restore()
    }
}
