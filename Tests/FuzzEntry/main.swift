// The fuzzer's entry, or without it the replay of inputs: `swift run bistro-fuzz TARGET FILE...`
// runs each file through the target and prints how it ended (a trap ends the process, as it would
// under the fuzzer). Scripts/fuzz.sh builds it with libFuzzer and -DFUZZING: this file's code then
// hands the command line to libFuzzer's driver.
import Foundation
import FuzzTargets

#if FUZZING
    /// libFuzzer's driver, for a program with a `main` of its own.
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// The target `BISTRO_FUZZ_TARGET` names, chosen before the driver starts.
    nonisolated(unsafe) var fuzzTarget: FuzzTarget?
    let name = ProcessInfo.processInfo.environment["BISTRO_FUZZ_TARGET"] ?? ""
    guard let chosen = FuzzTarget.named(name) else {
        FileHandle.standardError.write(
            Data("bistro-fuzz: set BISTRO_FUZZ_TARGET to one of \(FuzzTarget.all.map(\.name).joined(separator: ", "))\n".utf8))
        exit(2)
    }
    fuzzTarget = chosen
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(
        runFuzzerDriver(&argc, &argv) { data, size in
            let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
            _ = fuzzTarget?.run(bytes)
            return 0
        })
#else
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard let name = arguments.first, let target = FuzzTarget.named(name) else {
        print("usage: bistro-fuzz TARGET FILE...; targets:")
        for target in FuzzTarget.all { print("  \(target.name)  \(target.summary)") }
        exit(arguments.first == nil ? 0 : 2)
    }
    for path in arguments.dropFirst() {
        guard let data = FileManager.default.contents(atPath: path) else {
            print("\(path): cannot be read")
            exit(1)
        }
        print("\(path): \(target.run(Array(data)))")
    }
#endif
