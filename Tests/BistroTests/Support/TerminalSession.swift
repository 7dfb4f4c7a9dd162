import Foundation
import XCTest

/// `bistro` on a pseudo-terminal of a fixed size, driven by `Scripts/pty-session.py`: keys in, the
/// screen's text out, as a user sees it (the script emulates the terminal, so a redraw that sends
/// only the changed cells still reads as whole lines).
///
/// Every wait is a handshake on the screen's text; the script's 20-second limit per step only keeps
/// a broken screen from hanging the suite, and a missed wait is reported with the screen it saw.
struct TerminalSession {
    /// One step of the session.
    enum Step: Encodable {
        /// Waits until the screen shows the text.
        case waitFor(String)
        /// Waits until the screen no longer shows the text.
        case waitUntilGone(String)
        /// Types keys (text; "\t" is Tab, "\u{1B}" Escape, "\u{03}" Ctrl-C).
        case send(String)
        /// Records the screen under a name.
        case snapshot(String)
        /// Runs another command to its end, as from a second terminal (a non-zero exit fails).
        case run([String])
        /// Waits for the program to end.
        case exit

        static let tab = Step.send("\t")
        static let enter = Step.send("\r")
        static let escape = Step.send("\u{1B}")
        static let controlC = Step.send("\u{03}")

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            switch self {
            case .waitFor(let text):
                try container.encode("wait")
                try container.encode(text)
            case .waitUntilGone(let text):
                try container.encode("wait-gone")
                try container.encode(text)
            case .send(let keys):
                try container.encode("send")
                try container.encode(keys)
            case .snapshot(let name):
                try container.encode("snapshot")
                try container.encode(name)
            case .run(let command):
                try container.encode("run")
                try container.encode(command)
            case .exit: try container.encode("exit")
            }
        }
    }

    /// What the session saw.
    struct Result: Decodable {
        /// The exit status, nil if the program had to be killed.
        let status: Int?
        /// The screens recorded by `snapshot` steps.
        let snapshots: [String: String]
        /// The last screen.
        let screen: String
        /// What was printed outside the alternate screen (error messages).
        let mainScreen: String
        /// Whether the program left the alternate screen with the cursor shown.
        let restored: Bool
        /// Why a step failed, if one did.
        let failure: String?

        enum CodingKeys: String, CodingKey {
            case status, snapshots, screen, restored, failure
            case mainScreen = "main_screen"
        }
    }

    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scripts/pty-session.py")

    /// Runs `executable` with `arguments` and `environment` on a `columns` × `rows` terminal through `steps`.
    static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String],
        columns: Int = 80, rows: Int = 24, steps: [Step]
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let stepsJSON = String(decoding: try JSONEncoder().encode(steps), as: UTF8.self)
        process.arguments =
            ["python3", script.path, "--rows", "\(rows)", "--cols", "\(columns)", "--steps", stepsJSON, "--", executable.path]
            + arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode(Result.self, from: data)
    }
}
