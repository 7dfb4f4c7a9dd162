import Foundation

/// Lines quoted from a source file: each line of the excerpt is one of the file's, in order, with
/// indentation and blank lines aside, and a line that is only `// ...` stands for any run of lines
/// left out (none included).
struct Excerpt {
    private let lines: [Substring]

    init(_ text: String) {
        lines = Excerpt.significantLines(of: text)
    }

    /// Whether the excerpt quotes `text`.
    func occurs(in text: String) -> Bool {
        let source = Excerpt.significantLines(of: text)
        return source.indices.contains { matches(lines[...], source[$0...]) }
    }

    private func matches(_ pattern: ArraySlice<Substring>, _ source: ArraySlice<Substring>) -> Bool {
        guard let first = pattern.first else { return true }
        if first == "// ..." {
            return (source.startIndex...source.endIndex).contains { matches(pattern.dropFirst(), source[$0...]) }
        }
        guard let line = source.first, line == first else { return false }
        return matches(pattern.dropFirst(), source.dropFirst())
    }

    private static func significantLines(of text: String) -> [Substring] {
        text.split(separator: "\n").map { Substring($0.trimmingCharacters(in: .whitespaces)) }.filter { !$0.isEmpty }
    }
}
