import Foundation

struct CompilerNotFound: Error {}
struct CompilerTimedOut: Error {}

/// The errors and warnings `swiftc -typecheck` reports for `source` (with Reactive and
/// ReactiveUI imported), one line each.
func typecheck(_ source: String) throws -> [String] {
    let file = FileManager.default.temporaryDirectory
        .appendingPathComponent("Typecheck-\(UUID().uuidString).swift")
    try ("import Reactive\nimport ReactiveUI\n\n" + source + "\n").write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }

    let process = Process()
    process.executableURL = try compiler()
    // Reactive imports the CLinuxFutex C module on Linux: its module map, which SwiftPM writes
    // beside its objects, is passed as the build passes it.
    let futexModuleMap = buildDirectory().appendingPathComponent("CLinuxFutex.build/module.modulemap")
    process.arguments =
        ["-typecheck", "-swift-version", "6", "-I", modulesDirectory().path]
        + (FileManager.default.fileExists(atPath: futexModuleMap.path) ? ["-Xcc", "-fmodule-map-file=\(futexModuleMap.path)"] : [])
        + [file.path]
    let output = Pipe()
    process.standardError = output
    process.standardOutput = output
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()
    let text = output.fileHandleForReading.readDataToEndOfFile()
    guard finished.wait(timeout: .now() + 120) == .success else {
        process.terminate()
        throw CompilerTimedOut()
    }
    return String(decoding: text, as: UTF8.self)
        .split(separator: "\n")
        .filter { $0.hasPrefix(file.path) && ($0.contains(": error: ") || $0.contains(": warning: ")) }
        .map { String($0.dropFirst(file.path.count)) }
}

/// The directory of this build, where the test bundle is (`.build/<triple>/debug`).
private func buildDirectory() -> URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
}

/// The modules of this build: beside the test bundle (`.build/<triple>/debug/Modules`).
private func modulesDirectory() -> URL {
    buildDirectory().appendingPathComponent("Modules")
}

/// `swiftc` of the toolchain running the tests: next to `swift` on the PATH.
private func compiler() throws -> URL {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for directory in path.split(separator: ":") {
        let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    throw CompilerNotFound()
}
