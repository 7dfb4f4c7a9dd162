import Foundation

/// `swiftc` was not found next to `swift` on the PATH.
public struct CompilerNotFound: Error {}

/// `swiftc -typecheck` ran past its two minutes.
public struct CompilerTimedOut: Error {}

/// The errors and warnings `swiftc -typecheck` reports for `source` in Swift 6 mode, one line
/// each (`:LINE:COLUMN: error: ...`), with `imports` imported before it, against the modules of the
/// build that runs the test.
///
/// Any module of the package may be imported: those the running test target depends on are built;
/// the C modules' maps (the package's own and the system libraries') are passed as the build passes
/// them.
public func typecheck(_ source: String, imports: [String] = []) throws -> [String] {
    let file = FileManager.default.temporaryDirectory
        .appendingPathComponent("Typecheck-\(UUID().uuidString).swift")
    let header = imports.map { "import \($0)\n" }.joined()
    try (header + "\n" + source + "\n").write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }

    let process = Process()
    process.executableURL = try compiler()
    process.arguments =
        ["-typecheck", "-swift-version", "6", "-I", buildDirectory().appendingPathComponent("Modules").path]
        + cModuleMaps().flatMap { ["-Xcc", "-fmodule-map-file=\($0.path)"] }
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
    // Lines are numbered in `source`, not in the file with the imports before it.
    let offset = header.split(separator: "\n").count + 1
    return String(decoding: text, as: UTF8.self)
        .split(separator: "\n")
        .filter { $0.hasPrefix(file.path + ":") && ($0.contains(": error: ") || $0.contains(": warning: ")) }
        .map { line in
            let rest = line.dropFirst(file.path.count + 1)
            guard let colon = rest.firstIndex(of: ":"), let number = Int(rest[..<colon]) else { return String(rest) }
            return ":\(number - offset)\(rest[colon...])"
        }
}

/// The directory of this build, where the test bundle is (`.build/<triple>/debug`).
private func buildDirectory() -> URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
}

/// The module maps of the C modules: those SwiftPM writes beside the objects of the package's C
/// targets, and the system libraries' in `Modules/<name>/module.modulemap`.
private func cModuleMaps() -> [URL] {
    let fileManager = FileManager.default
    let built = ((try? fileManager.contentsOfDirectory(atPath: buildDirectory().path)) ?? [])
        .filter { $0.hasSuffix(".build") }
        .map { buildDirectory().appendingPathComponent($0).appendingPathComponent("module.modulemap") }
    let modules = repositoryDirectory().appendingPathComponent("Modules")
    let system = ((try? fileManager.contentsOfDirectory(atPath: modules.path)) ?? [])
        .map { modules.appendingPathComponent($0).appendingPathComponent("module.modulemap") }
    return (built + system).filter { fileManager.fileExists(atPath: $0.path) }.sorted { $0.path < $1.path }
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
