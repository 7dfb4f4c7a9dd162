/// The lines of `old` and `new` merged into one listing: lines only in `old` prefixed `−`, lines
/// only in `new` prefixed `+`, shared lines indented to match; nil when they are the same.
public func diff(_ old: String, _ new: String) -> String? {
    if old == new { return nil }
    let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let newLines = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    return diffLines(oldLines, newLines).joined(separator: "\n")
}

/// A longest-common-subsequence line diff; states are small, so the quadratic table is fine.
private func diffLines(_ old: [String], _ new: [String]) -> [String] {
    let rows = old.count
    let columns = new.count
    // common[i][j]: length of the longest common subsequence of old[i...] and new[j...].
    var common = Array(repeating: Array(repeating: 0, count: columns + 1), count: rows + 1)
    for i in stride(from: rows - 1, through: 0, by: -1) {
        for j in stride(from: columns - 1, through: 0, by: -1) {
            common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
        }
    }
    var lines: [String] = []
    var i = 0
    var j = 0
    while i < rows || j < columns {
        if i < rows, j < columns, old[i] == new[j] {
            lines.append("  " + old[i])
            i += 1
            j += 1
        } else if j < columns, i == rows || common[i][j + 1] > common[i + 1][j] {
            lines.append("+ " + new[j])
            j += 1
        } else {
            lines.append("\u{2212} " + old[i])
            i += 1
        }
    }
    return lines
}
