import Foundation
import TestSupport
import XCTest

/// The code of the DocC articles is real: every ```swift block of an article quotes code that is
/// compiled and tested. A getting-started article quotes `Articles/<Module>GettingStartedTests.swift`
/// here, whose tests check what the article says the code does; FeatureContract's "Adding a
/// feature" quotes `Examples/SpecialsApp`, whose build and tests CI runs
/// (`Scripts/check-example.sh`).
final class ArticleSnippetTests: XCTestCase {
    /// The article whose code is the example app's.
    private let walkThrough = "Modules/FeatureContract/FeatureContract.docc/AddingAFeature.md"

    func testEveryBlockOfEveryArticleQuotesTestedCode() throws {
        var quoted: [String: Int] = [:]
        for article in try articles() {
            let blocks = try swiftBlocks(of: article.url)
            guard !blocks.isEmpty else { continue }
            let sources = try self.sources(of: article)
            XCTAssertFalse(sources.isEmpty, "\(article.path) has code but no test file of its own")
            for (index, block) in blocks.enumerated() where !sources.contains(where: { Excerpt(block).occurs(in: $0) }) {
                XCTFail("block \(index + 1) of \(article.path) is not in the code it quotes:\n\(block)")
            }
            quoted[article.module, default: 0] += blocks.count
        }
        for module in ["Reactive", "Persistence", "RemoteConfig", "Architecture", "FeatureContract", "TerminalUI"] {
            XCTAssertGreaterThanOrEqual(quoted[module] ?? 0, 3, "\(module)'s getting-started article has its code")
        }
    }

    func testAnExcerptMatchesLineByLineWithElidedRuns() {
        let file = "struct A {\n    let x = 1\n\n    let y = 2\n    let z = 3\n}\n"
        XCTAssertTrue(Excerpt("let x = 1\nlet y = 2").occurs(in: file), "indentation and blank lines aside")
        XCTAssertTrue(Excerpt("struct A {\n    // ...\n}").occurs(in: file), "an elided run")
        XCTAssertTrue(Excerpt("let x = 1\n// ...\nlet y = 2").occurs(in: file), "an elided run of no line")
        XCTAssertFalse(Excerpt("let x = 1\nlet z = 3").occurs(in: file), "a line left out without saying so")
        XCTAssertFalse(Excerpt("let x = 2").occurs(in: file), "a changed line")
        XCTAssertFalse(Excerpt("let x").occurs(in: file), "part of a line")
        let imported = "import A\nimport B\n\nlet x = 1\n"
        XCTAssertTrue(Excerpt("import B\n\nlet x = 1").occurs(in: imported), "imports aside, each one of the file's")
        XCTAssertFalse(Excerpt("import C\n\nlet x = 1").occurs(in: imported), "an import the file does not have")
    }

    /// Every article of every library module's catalog.
    private func articles() throws -> [(module: String, path: String, url: URL)] {
        let modules = repositoryDirectory().appendingPathComponent("Modules")
        var found: [(module: String, path: String, url: URL)] = []
        for module in try FileManager.default.contentsOfDirectory(atPath: modules.path).sorted() {
            let catalog = modules.appendingPathComponent(module).appendingPathComponent("\(module).docc")
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: catalog.path) else { continue }
            for name in names.sorted() where name.hasSuffix(".md") {
                found.append((module, "Modules/\(module)/\(module).docc/\(name)", catalog.appendingPathComponent(name)))
            }
        }
        XCTAssertGreaterThan(found.count, 20, "the catalogs are found")
        return found
    }

    /// The text of the files `article` quotes: the example package's Swift files (manifest, sources,
    /// tests) and Menu's (the store screen) for the walk-through, `Articles/<Module><Article>Tests.swift`
    /// for any other article.
    private func sources(of article: (module: String, path: String, url: URL)) throws -> [String] {
        guard article.path == walkThrough else {
            let name = "\(article.module)\(article.url.deletingPathExtension().lastPathComponent)Tests.swift"
            let file = repositoryDirectory().appendingPathComponent("Tests/DocumentationTests/Articles/\(name)")
            return (try? String(contentsOf: file, encoding: .utf8)).map { [$0] } ?? []
        }
        let example = repositoryDirectory().appendingPathComponent("Examples/SpecialsApp")
        var files = [try String(contentsOf: example.appendingPathComponent("Package.swift"), encoding: .utf8)]
        let modules = repositoryDirectory().appendingPathComponent("Modules")
        for root in [example.appendingPathComponent("Sources"), example.appendingPathComponent("Tests")]
            + ["Menu", "MenuInterface"].map({ modules.appendingPathComponent($0) })
        {
            for path in (FileManager.default.subpaths(atPath: root.path) ?? []).sorted() where path.hasSuffix(".swift") {
                files.append(try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
            }
        }
        return files
    }

    /// The ```swift blocks of the Markdown file at `url`, in order (a block may be indented, as in a list item).
    private func swiftBlocks(of url: URL) throws -> [String] {
        var blocks: [String] = []
        var current: [String]?
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if current != nil, trimmed == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(String(line))
            }
        }
        return blocks
    }
}
