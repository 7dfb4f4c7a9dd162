import FeatureContract
import FileSystem
import Foundation

/// What `FeatureServices.readInput` reads: a file, or standard input for `-`.
enum InputReading {
    static func read(_ source: String, limit: Int) throws -> Data {
        if source == "-" {
            let data = FileHandle.standardInput.readData(ofLength: limit + 1)
            guard data.count <= limit else { throw CommandFailure("standard input holds more than \(limit) bytes") }
            return data
        }
        do {
            guard let bytes = try AtomicFile.contents(of: URL(fileURLWithPath: source), limit: limit, followsSymbolicLinks: true) else {
                throw CommandFailure("cannot read \(source): no such file or directory")
            }
            return Data(bytes)
        } catch let error as FileSystemError {
            throw CommandFailure(error.description)
        }
    }
}
