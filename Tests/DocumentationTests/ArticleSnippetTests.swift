// Besides Foundation, TestSupport and XCTest, the modules the articles' code imports: declared so
// that they are built before it is type-checked.
import Architecture
import ArchitectureTesting
import ArgumentParsing
import BistroApp
import Dependencies
import FeatureContract
import FeatureContractTesting
import Foundation
import Persistence
import PersistenceInterface
import Reactive
import ReactiveUI
import RemoteConfig
import RemoteConfigInterface
import RemoteConfigTesting
import TestSupport
import XCTest

/// The code of the DocC articles is real. The ```swift blocks of each catalog's article compile as
/// one program, in order (they write their own imports), type-checked against the modules of this
/// build; the blocks of FeatureContract's "Adding a feature" are excerpts of `Examples/SpecialsApp`,
/// whose build and tests CI runs (`Scripts/check-example.sh`).
final class ArticleSnippetTests: XCTestCase {
    /// The article whose code is the example app's, quoted.
    private let walkThrough = "Modules/FeatureContract/FeatureContract.docc/AddingAFeature.md"

    func testTheCodeOfEveryArticleCompiles() throws {
        var checked: [String: Int] = [:]
        for article in try articles() where article.path != walkThrough {
            let blocks = try swiftBlocks(of: article.url)
            guard !blocks.isEmpty else { continue }
            // An article's blocks are one program, in order, as a reader following it writes them.
            let program = blocks.joined(separator: "\n")
            let diagnostics = try typecheck(program).map { "block \(block(at: $0, of: blocks)): \($0)" }
            XCTAssertEqual(diagnostics, [], article.path)
            checked[article.module, default: 0] += blocks.count
        }
        for module in ["Reactive", "Persistence", "RemoteConfig", "Architecture", "FeatureContract"] {
            XCTAssertGreaterThanOrEqual(checked[module] ?? 0, 3, "\(module)'s getting-started article has its code")
        }
    }

    func testTheBlocksOfAddingAFeatureAreTheExampleAppsCode() throws {
        let example = repositoryDirectory().appendingPathComponent("Examples/SpecialsApp")
        let files = try exampleFiles(in: example)
        XCTAssertFalse(files.isEmpty, "the example's sources are found")
        let blocks = try swiftBlocks(of: repositoryDirectory().appendingPathComponent(walkThrough))
        XCTAssertGreaterThanOrEqual(blocks.count, 6, "the walk-through's blocks are found")
        for (index, block) in blocks.enumerated() {
            let found = files.contains { Excerpt(block).occurs(in: $0.text) }
            XCTAssertTrue(found, "block \(index + 1) of AddingAFeature.md is not in Examples/SpecialsApp:\n\(block)")
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

    /// The Swift files of the example package (its manifest, sources and tests), with their text.
    private func exampleFiles(in example: URL) throws -> [(path: String, text: String)] {
        var files: [(path: String, text: String)] = []
        for folder in ["Sources", "Tests"] {
            let root = example.appendingPathComponent(folder)
            guard let paths = FileManager.default.subpaths(atPath: root.path) else { continue }
            for path in paths.sorted() where path.hasSuffix(".swift") {
                files.append(("\(folder)/\(path)", try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)))
            }
        }
        files.append(("Package.swift", try String(contentsOf: example.appendingPathComponent("Package.swift"), encoding: .utf8)))
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

    /// The number (from 1) of the block that line `:LINE:...` of a diagnostic of `blocks` joined falls in.
    private func block(at diagnostic: String, of blocks: [String]) -> Int {
        guard let line = Int(diagnostic.dropFirst().prefix { $0 != ":" }) else { return 0 }
        var end = 0
        for (index, block) in blocks.enumerated() {
            end += block.split(separator: "\n", omittingEmptySubsequences: false).count
            if line <= end { return index + 1 }
        }
        return blocks.count
    }
}
