import Foundation

/// Lines quoted from a source file: each line of the excerpt is one of the file's, in order, with
/// indentation and blank lines aside, and a line that is only `// ...` stands for any run of lines
/// left out (none included). Imports aside too: an article's block imports what it uses where a
/// reader needs it, while the file has its imports, sorted, at the top; each of the block's must be
/// one of the file's.
struct Excerpt {
    private let imports: [Substring]
    private let lines: [Substring]

    init(_ text: String) {
        (imports, lines) = Excerpt.split(text)
    }

    /// Whether the excerpt quotes `text`.
    func occurs(in text: String) -> Bool {
        let (sourceImports, source) = Excerpt.split(text)
        guard imports.allSatisfy(sourceImports.contains) else { return false }
        return lines.isEmpty || source.indices.contains { matches(lines[...], source[$0...]) }
    }

    private func matches(_ pattern: ArraySlice<Substring>, _ source: ArraySlice<Substring>) -> Bool {
        guard let first = pattern.first else { return true }
        if first == "// ..." {
            return (source.startIndex...source.endIndex).contains { matches(pattern.dropFirst(), source[$0...]) }
        }
        guard let line = source.first, line == first else { return false }
        return matches(pattern.dropFirst(), source.dropFirst())
    }

    /// The import lines and the other lines of `text` that are not blank, without indentation.
    private static func split(_ text: String) -> (imports: [Substring], lines: [Substring]) {
        let lines = text.split(separator: "\n").map { Substring($0.trimmingCharacters(in: .whitespaces)) }.filter { !$0.isEmpty }
        return (lines.filter { $0.hasPrefix("import ") }, lines.filter { !$0.hasPrefix("import ") })
    }
}
