import Foundation

/// The repository, from this file's place in it (`Tests/TestSupport/`).
public func repositoryDirectory() -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
