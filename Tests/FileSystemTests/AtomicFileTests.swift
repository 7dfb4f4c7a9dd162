import FileSystem
import Foundation
import XCTest

/// Files replaced atomically: exact modes, whole contents for readers, typed failures.
final class AtomicFileTests: TemporaryDirectoryTestCase {
    func testAReplacedFileHasItsBytesAndExactlyItsModeWhateverTheUmask() throws {
        let file = root.appendingPathComponent("state.json")
        let previous = umask(0)
        defer { umask(previous) }
        try AtomicFile.replace(file, with: Array("one".utf8), mode: 0o600)
        try AtomicFile.replace(file, with: Array("two".utf8), mode: 0o640)
        XCTAssertEqual(try AtomicFile.contents(of: file), Array("two".utf8))
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int, 0o640)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.path), ["state.json"], "no temporary file is left")

        // Without the directory's sync the replace is the same to every reader.
        try AtomicFile.replace(file, with: Array("three".utf8), mode: 0o600, syncsDirectory: false)
        XCTAssertEqual(try AtomicFile.contents(of: file), Array("three".utf8))
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int, 0o600)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.path), ["state.json"], "no temporary file is left")
    }

    func testAMissingFileHasNoContentsAndDeletingItIsFine() throws {
        let file = root.appendingPathComponent("missing.json")
        XCTAssertNil(try AtomicFile.contents(of: file))
        try AtomicFile.remove(file)
    }

    func testReadersSeeTheOldOrTheNewContentNeverAPartOfIt() throws {
        let file = root.appendingPathComponent("contended.json")
        // Large enough that a write takes several system calls.
        let versions = [Array(repeating: UInt8(ascii: "a"), count: 256 * 1024), Array(repeating: UInt8(ascii: "b"), count: 200 * 1024)]
        try AtomicFile.replace(file, with: versions[0])
        let failures = LockedCount()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for round in 0..<100 {
                if worker == 0 {
                    try? AtomicFile.replace(file, with: versions[round % 2])
                } else {
                    let read = (try? AtomicFile.contents(of: file, limit: 1 << 20)) ?? nil
                    if read != versions[0], read != versions[1] { failures.increment() }
                }
            }
        }
        XCTAssertEqual(failures.value, 0)
    }

    func testTooLargeASymbolicLinkAndADirectoryAreRefusedWithTheirPath() throws {
        let file = root.appendingPathComponent("big")
        try AtomicFile.replace(file, with: Array(repeating: 0, count: 100))
        XCTAssertThrowsError(try AtomicFile.contents(of: file, limit: 10)) { error in
            XCTAssertEqual("\(error)", "cannot read \(file.path): it is larger than 10 bytes")
        }
        let link = root.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        XCTAssertThrowsError(try AtomicFile.contents(of: link)) { error in
            XCTAssertEqual("\(error)", "cannot read \(link.path): it is a symbolic link")
        }
        XCTAssertEqual(try AtomicFile.contents(of: link, followsSymbolicLinks: true)?.count, 100)
        XCTAssertThrowsError(try AtomicFile.replace(root, with: [1])) { error in
            XCTAssertEqual((error as? FileSystemError)?.operation, .write)
            XCTAssertTrue("\(error)".hasPrefix("cannot write \(root.path): "), "\(error)")
        }
    }

    func testAFileInAMissingDirectoryNamesTheFile() throws {
        let file = root.appendingPathComponent("missing/state.json")
        XCTAssertThrowsError(try AtomicFile.replace(file, with: [1])) { error in
            XCTAssertEqual("\(error)", "cannot write \(file.path): no such file or directory")
        }
    }
}

/// A counter shared by threads, guarded by `lock`.
private final class LockedCount: @unchecked Sendable {  // `lock` guards `count`
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    func increment() { lock.withLock { count += 1 } }
}
