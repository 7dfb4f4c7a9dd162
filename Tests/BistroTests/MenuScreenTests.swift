import Foundation
import XCTest

/// `bistro menu` on a pseudo-terminal: keys in, screen text out, the terminal restored at the end.
final class MenuScreenTests: BistroTestCase {
    // Python's pty module gives the child a real terminal (the test process has none). It prints the
    // child's exit status on its first line, then everything the child drew. Each wait is a handshake
    // on the screen's text; the 20-second limits only keep a broken screen from hanging the suite.
    private static let driver = """
        import os, pty, select, sys, time
        pid, fd = pty.fork()
        if pid == 0:
            os.execv(sys.argv[1], sys.argv[1:])
        out = b""
        def wait_for(text):
            global out
            end = time.time() + 20
            while text not in out and time.time() < end:
                if select.select([fd], [], [], 0.5)[0]:
                    try: out += os.read(fd, 65536)
                    except OSError: return
        wait_for("튀김".encode())
        os.write(fd, b"+")
        wait_for(b"Total \\xe2\\x82\\xa94,00")
        os.write(fd, b"\\x03")
        wait_for(b"\\x1b[?1049l")
        _, status = os.waitpid(pid, 0)
        sys.stdout.write(str(os.waitstatus_to_exitcode(status)) + "\\n")
        sys.stdout.write(out.decode("utf-8", "replace"))
        """

    func testTheMenuScreenTakesKeysAndRestoresTheTerminal() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.driver, try Self.executable.path, "--fake", "menu"]
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        XCTAssertTrue(text.hasPrefix("0\n"), String(text.prefix(200)))
        XCTAssertTrue(text.contains("\u{1B}[?1049h"), "enters the alternate screen")
        // Only changed cells are redrawn: "Total ₩0" becomes "Total ₩4,000" by writing "Total ₩4,00".
        for name in ["떡볶이", "김밥", "라면", "튀김", "Total ₩4,00"] {
            XCTAssertTrue(text.contains(name), name)
        }
        XCTAssertTrue(text.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"), "cursor shown and main screen back: \(text.suffix(40).debugDescription)")
    }
}
