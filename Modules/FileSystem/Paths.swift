import Foundation

/// Paths as the command line gives them.
public enum Paths {
    /// `path` made absolute against the current directory (a bare file name has the current
    /// directory as its parent, not ""), with `.` and `..` components resolved.
    public static func absolute(_ path: String) -> String {
        let base = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var components: [Substring] = []
        for component in base.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// The directory that holds `path` (absolute).
    public static func parent(of path: String) -> String {
        let absolute = absolute(path)
        guard let slash = absolute.lastIndex(of: "/"), slash != absolute.startIndex else { return "/" }
        return String(absolute[..<slash])
    }
}
