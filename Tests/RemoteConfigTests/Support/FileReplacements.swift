import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// Counts the times a file is put in place by a rename (an atomic replacement), as inotify reports
/// them: what a test of "written once" counts, with the client under test left as it is.
final class FileReplacements {
    private let descriptor: Int32
    private let name: String
    private var seen = 0

    /// Starts counting the replacements of `file`, whose directory must exist.
    init(of file: URL) throws {
        #if canImport(Glibc)
            descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else { throw XCTSkip("inotify is not available") }
            // Both halves of each rename: the kernel merges a queued event into an identical one
            // before it, and two renames to the same name in a row would otherwise count once.
            guard inotify_add_watch(descriptor, file.deletingLastPathComponent().path, UInt32(IN_MOVED_FROM | IN_MOVED_TO)) >= 0 else {
                close(descriptor)
                throw XCTSkip("the directory cannot be watched")
            }
            name = file.lastPathComponent
        #else
            throw XCTSkip("counting replacements needs Linux's inotify")
        #endif
    }

    deinit {
        close(descriptor)
    }

    /// How many times the file was replaced since counting started (the events queued so far).
    func count() -> Int {
        #if canImport(Glibc)
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let read = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                guard read > 0 else { break }
                var offset = 0
                while offset < read {
                    let (length, mask, eventName) = buffer.withUnsafeBytes { bytes -> (Int, UInt32, String) in
                        let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                        let start = offset + MemoryLayout<inotify_event>.size
                        let nameBytes = bytes[start..<start + Int(event.len)].prefix { $0 != 0 }
                        return (MemoryLayout<inotify_event>.size + Int(event.len), event.mask, String(decoding: nameBytes, as: UTF8.self))
                    }
                    if mask & UInt32(IN_MOVED_TO) != 0 && eventName == name { seen += 1 }
                    offset += length
                }
            }
        #endif
        return seen
    }
}
