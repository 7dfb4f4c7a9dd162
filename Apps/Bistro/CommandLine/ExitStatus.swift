import Foundation
import TerminalUI

/// How `bistro` ends: 0 on success, 1 on a runtime failure (network, rejected token, database),
/// 2 on a usage error.
enum ExitStatus: Int32 {
    case success = 0
    case failure = 1
    case usage = 2
}

/// Writes `bistro: error: message` (and an optional hint line) to standard error. A message may
/// quote a server, a file or an argument: its control characters are shown, not sent.
func printError(_ message: String, hint: String? = nil) {
    var text = "bistro: error: \(message.sanitizedForTerminal)\n"
    if let hint { text += "\(hint.sanitizedForTerminal)\n" }
    FileHandle.standardError.write(Data(text.utf8))
}
