import ArgumentParsing
import FeatureContract
import FileSystem
import Foundation

/// What `FeatureServices.readInput` reads: a file, or standard input for `-`. A file named on the
/// command line that cannot be read is a usage error (exit 2), as a missing options or key file
/// is; what arrives on standard input is the run's own failure (exit 1).
enum InputReading {
    static func read(_ source: String, limit: Int) throws -> Data {
        if source == "-" {
            let data = FileHandle.standardInput.readData(ofLength: limit + 1)
            guard data.count <= limit else { throw CommandFailure("standard input holds more than \(limit) bytes") }
            return data
        }
        do {
            guard let bytes = try AtomicFile.contents(of: URL(fileURLWithPath: source), limit: limit, followsSymbolicLinks: true) else {
                throw ValidationError("cannot read \(source): no such file or directory")
            }
            return Data(bytes)
        } catch let error as FileSystemError {
            throw ValidationError(error.description)
        }
    }
}
