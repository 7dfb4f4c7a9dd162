import FileSystem
import Foundation
import XCTest

/// Directories with missing parents, and the sentence a failure gives.
final class DirectoriesTests: TemporaryDirectoryTestCase {
    func testMissingParentsAreMadeAndAnExistingDirectoryIsFine() throws {
        let path = root.appendingPathComponent("a/b/c").path
        try Directories.create(path)
        try Directories.create(path)
        var isDirectory: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory))
        XCTAssertTrue(isDirectory.boolValue)
    }

    func testAFileWhereTheDirectoryShouldBeIsInTheWay() throws {
        let file = root.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        XCTAssertThrowsError(try Directories.create(file.path)) { error in
            XCTAssertEqual(error as? FileSystemError, FileSystemError(.createDirectory, path: file.path, .fileInTheWay(at: file.path)))
            XCTAssertEqual("\(error)", "cannot create the directory \(file.path): a file is in the way")
        }
    }

    func testAFileAmongTheParentsIsNamed() throws {
        let file = root.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let path = file.appendingPathComponent("inside/deeper").path
        XCTAssertThrowsError(try Directories.create(path)) { error in
            XCTAssertEqual("\(error)", "cannot create the directory \(path): \(file.path) is a file, in the way")
        }
    }

    func testAPathBeyondTheSystemsLimitIsTooLong() throws {
        let path = root.path + String(repeating: "/abcdefghij", count: 500)
        XCTAssertThrowsError(try Directories.create(path)) { error in
            let failure = try? XCTUnwrap(error as? FileSystemError)
            XCTAssertEqual(failure?.systemErrorCode, ENAMETOOLONG)
            let sentence = "\(error)"
            XCTAssertTrue(sentence.hasPrefix("cannot create the directory \(root.path.prefix(40))"), sentence)
            XCTAssertTrue(sentence.hasSuffix("…" + String(path.suffix(60)) + ": the path is too long"), sentence)
        }
    }

    func testARelativePathIsTakenFromTheCurrentDirectory() throws {
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(root.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        try Directories.create("relative/child")
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("relative/child").path))
        XCTAssertEqual(Paths.parent(of: "bare.sqlite"), FileManager.default.currentDirectoryPath)
        XCTAssertEqual(Paths.absolute("x/../y/./z.txt"), FileManager.default.currentDirectoryPath + "/y/z.txt")
    }

    func testAPrivateDirectoryIsNarrowedTo0700AndASymbolicLinkIsRefused() throws {
        let directory = root.appendingPathComponent("state/bistro")
        try Directories.create(directory.path, mode: 0o755)
        try Directories.createPrivate(directory)
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: directory.path)[.posixPermissions] as? Int)
        XCTAssertEqual(mode, 0o700)

        let link = root.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: directory)
        XCTAssertThrowsError(try Directories.createPrivate(link)) { error in
            XCTAssertEqual("\(error)", "cannot create the directory \(link.path): it is a symbolic link")
        }
    }
}
