import Foundation
import XCTest

/// The code of the DocC articles compiles: every ```swift block of the Reactive and ReactiveUI
/// catalogs' articles is type-checked against the modules this test run was built with.
final class ArticleSnippetTests: XCTestCase {
    /// The repository, from this file's place in it.
    private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The ```swift blocks of `article`, in order.
    private func snippets(of article: URL) throws -> [String] {
        var blocks: [String] = []
        var current: [String]?
        for line in try String(contentsOf: article, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(String(line))
            }
        }
        return blocks
    }

    func testEverySwiftBlockOfTheArticlesCompiles() throws {
        var checked = 0
        for module in ["Reactive", "ReactiveUI"] {
            let catalog = repository.appendingPathComponent("Modules/\(module)/\(module).docc")
            guard let files = try? FileManager.default.contentsOfDirectory(at: catalog, includingPropertiesForKeys: nil) else { continue }
            for article in files where article.pathExtension == "md" {
                for (index, snippet) in try snippets(of: article).enumerated() {
                    XCTAssertEqual(try typecheck(snippet), [], "\(article.lastPathComponent), block \(index + 1)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 3, "the getting-started article's blocks were found")
    }
}
