import Foundation
import FuzzTargets
import TestSupport
import XCTest

/// Every input of every fuzz target's corpus (`Tests/FuzzCorpus/<target>/`), decoded as the fuzzer
/// decodes it: each ends in a value or a typed error, never a trap, so an input that once crashed
/// stays fixed without the fuzzer. An input named `ok-…` must decode and one named `bad-…` must be
/// refused; the others (what the fuzzer found) only have to end.
final class FuzzCorpusTests: XCTestCase {
    private let corpus = repositoryDirectory().appendingPathComponent("Tests/FuzzCorpus")

    func testEveryTargetHasACorpusAndEveryCorpusATarget() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { !$0.hasPrefix(".") }
        XCTAssertEqual(Set(folders), Set(FuzzTarget.all.map(\.name)))
        for target in FuzzTarget.all {
            let inputs = try inputs(of: target)
            XCTAssertTrue(inputs.contains { $0.lastPathComponent.hasPrefix("ok-") }, "\(target.name) has a valid input")
            XCTAssertTrue(inputs.contains { $0.lastPathComponent.hasPrefix("bad-") }, "\(target.name) has a refused input")
        }
    }

    func testEveryCorpusInputEndsInAValueOrATypedError() throws {
        var count = 0
        for target in FuzzTarget.all {
            for input in try inputs(of: target) {
                let outcome = target.run(Array(try Data(contentsOf: input)))
                count += 1
                let name = input.lastPathComponent
                if name.hasPrefix("ok-") { XCTAssertEqual(outcome, .decoded, "\(target.name)/\(name)") }
                if name.hasPrefix("bad-") { XCTAssertEqual(outcome, .refused, "\(target.name)/\(name)") }
            }
        }
        XCTAssertGreaterThan(count, 2 * FuzzTarget.all.count)
    }

    private func inputs(of target: FuzzTarget) throws -> [URL] {
        let folder = corpus.appendingPathComponent(target.name)
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}
