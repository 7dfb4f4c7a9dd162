import Foundation

/// How `bistro` ends: 0 on success, 1 on a runtime failure (network, rejected token, database),
/// 2 on a usage error.
enum ExitStatus: Int32 {
    case success = 0
    case failure = 1
    case usage = 2
}

/// Writes `bistro: error: message` (and an optional hint line) to standard error.
func printError(_ message: String, hint: String? = nil) {
    var text = "bistro: error: \(message)\n"
    if let hint { text += "\(hint)\n" }
    FileHandle.standardError.write(Data(text.utf8))
}
