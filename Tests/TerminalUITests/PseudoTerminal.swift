import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pseudo-terminal pair from `openpty`: the program under test uses the slave side as its
/// terminal; the test reads what it writes, and types, through the master side.
final class PseudoTerminal {
    let master: Int32
    let slave: Int32

    init(columns: UInt16 = 10, rows: UInt16 = 3) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else {
            throw XCTSkip("openpty failed (errno \(errno))")
        }
        self.master = master
        self.slave = slave
    }

    deinit {
        close(master)
        close(slave)
    }

    /// The slave side's termios now.
    var attributes: termios {
        var value = termios()
        tcgetattr(slave, &value)
        return value
    }

    /// Sets the window size, as a terminal window being resized does.
    func resize(columns: UInt16, rows: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Types `bytes` on the terminal.
    func type(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads what the program wrote until `count` bytes came, or nothing more comes for a while
    /// (the pty hands bytes over asynchronously; the wait is a bound, not a timing assertion).
    func read(count: Int, patience milliseconds: Int32 = 5_000) -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while result.count < count {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, milliseconds) > 0 else { break }
            let n = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            result += buffer.prefix(n)
        }
        return result
    }

    /// Reads what the program wrote until it ends with `suffix`, or nothing more comes for a while.
    func read(until suffix: [UInt8], patience milliseconds: Int32 = 5_000) -> [UInt8] {
        var result: [UInt8] = []
        while !result.reversed().starts(with: suffix.reversed()) {
            let more = read(count: 1, patience: milliseconds)
            guard !more.isEmpty else { break }
            result += more
        }
        return result
    }

    /// What the program has written so far and not yet read: a marker written on the program's
    /// side now comes out after all of it, in order, so nothing is waited for but the marker. Nil
    /// when the marker does not come back.
    func writtenSoFar() -> [UInt8]? {
        let marker = Array("\u{1F}end of output\u{1F}".utf8)
        _ = marker.withUnsafeBytes { write(slave, $0.baseAddress, $0.count) }
        let output = read(until: marker)
        guard output.reversed().starts(with: marker.reversed()) else { return nil }
        return Array(output.dropLast(marker.count))
    }
}

/// Whether two termios values are the same, byte for byte.
func sameAttributes(_ a: termios, _ b: termios) -> Bool {
    var a = a
    var b = b
    return memcmp(&a, &b, MemoryLayout<termios>.size) == 0
}
