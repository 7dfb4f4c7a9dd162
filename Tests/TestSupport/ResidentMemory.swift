import Foundation

/// The process's resident memory, for a test that checks a long run does not grow it.
public enum ResidentMemory {
    /// Resident bytes now (`/proc/self/statm`); 0 where that is not readable.
    public static func bytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Whether resident memory follows what the program keeps: not under ThreadSanitizer, whose
    /// allocator holds freed memory back for a while and whose shadow memory grows with every
    /// address touched.
    public static var followsWhatIsKept: Bool {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") == nil
    }
}
