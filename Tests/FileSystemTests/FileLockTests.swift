import FileSystem
import Foundation
import XCTest

/// The lock beside a file: one holder at a time, in this process or another.
final class FileLockTests: TemporaryDirectoryTestCase {
    func testASecondHolderWaitsForTheFirstToFinish() throws {
        let directory = root!
        let file = directory.appendingPathComponent("credential.json")
        let log = EventLog()
        let firstHolds = DispatchSemaphore(value: 0)
        let releaseFirst = DispatchSemaphore(value: 0)
        let secondDone = DispatchSemaphore(value: 0)

        Thread.detachNewThread {
            try? FileLock.withExclusiveLock(of: file) { () throws(FileSystemError) in
                log.append("first in")
                firstHolds.signal()
                _ = releaseFirst.wait(timeout: .now() + 20)
                log.append("first out")
            }
        }
        XCTAssertEqual(firstHolds.wait(timeout: .now() + 20), .success)
        Thread.detachNewThread {
            try? FileLock.withExclusiveLock(of: file) { () throws(FileSystemError) in log.append("second in") }
            secondDone.signal()
        }
        // The second cannot get in while the first holds the lock.
        XCTAssertEqual(secondDone.wait(timeout: .now() + 0.3), .timedOut)
        releaseFirst.signal()
        XCTAssertEqual(secondDone.wait(timeout: .now() + 20), .success)
        XCTAssertEqual(log.events, ["first in", "first out", "second in"])
        let lockFile = directory.appendingPathComponent(".credential.json.lock").path
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: lockFile)[.posixPermissions] as? Int, 0o600)
    }
}

/// Events appended from several threads, guarded by `lock`.
private final class EventLog: @unchecked Sendable {  // `lock` guards `recorded`
    private let lock = NSLock()
    private var recorded: [String] = []

    var events: [String] { lock.withLock { recorded } }

    func append(_ event: String) { lock.withLock { recorded.append(event) } }
}
