import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs this test binary again on one test, with `environment` added, and returns how it ended
/// and everything it printed. Used for tests whose subject stops the process or fails the test.
///
/// posix_spawn and waitpid rather than Foundation's `Process`, whose exit monitoring does not work
/// under ThreadSanitizer; output goes to a file rather than a pipe, which a helper process could
/// inherit and keep open; Swift's crash backtracer is off, so the child ends as soon as it stops.
public func runTestInChildProcess(_ test: String, environment: [String: String]) throws -> (status: Int32, output: String) {
    let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString).log").path
    defer { try? FileManager.default.removeItem(atPath: outputPath) }
    var fileActions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&fileActions)
    defer { posix_spawn_file_actions_destroy(&fileActions) }
    posix_spawn_file_actions_addopen(&fileActions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&fileActions, 1, 2)
    let executable = CommandLine.arguments[0]
    var variables = ProcessInfo.processInfo.environment
    variables["SWIFT_BACKTRACE"] = "enable=no"
    variables.merge(environment) { $1 }
    let arguments: [String] = [executable, test]
    let environmentLines: [String] = variables.map { "\($0.key)=\($0.value)" }
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] = environmentLines.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, executable, &fileActions, nil, argv, envp)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    return (status, output)
}

/// Whether a `waitpid` status says the process was killed by a signal (a crash, a fatal error).
public func wasKilledBySignal(_ status: Int32) -> Bool {
    let signal = status & 0x7f
    return signal != 0 && signal != 0x7f
}

/// The exit code in a `waitpid` status of a process that exited normally.
public func exitCode(_ status: Int32) -> Int32 {
    (status >> 8) & 0xff
}
