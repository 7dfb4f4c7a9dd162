/// One decoder of bytes that come from outside the process, as a fuzzer drives it: `run` decodes
/// an input and says whether it made a value or was refused with the decoder's typed error. It
/// never traps, hangs or leaks on any input; that is what fuzzing it checks.
public struct FuzzTarget: Sendable {
    /// How one input ended.
    public enum Outcome: Sendable, Equatable {
        /// The input decoded to a value.
        case decoded
        /// The decoder refused the input with its typed error.
        case refused
    }

    /// The target's name: the folder of its corpus under `Tests/FuzzCorpus`, and what
    /// `Scripts/fuzz.sh` and `BISTRO_FUZZ_TARGET` take.
    public let name: String
    /// What it decodes, for `Scripts/fuzz.sh --list`.
    public let summary: String
    /// Decodes one input.
    public let run: @Sendable ([UInt8]) -> Outcome

    /// A target named `name` that decodes with `run`.
    public init(_ name: String, _ summary: String, run: @escaping @Sendable ([UInt8]) -> Outcome) {
        self.name = name
        self.summary = summary
        self.run = run
    }

    /// Every target of the package.
    public static let all: [FuzzTarget] = [
        .httpAnswer, .httpStream, .fetchAnswer, .installationsAnswer, .realtimeStream, .firebaseOptions, .terminalInput,
        .commandLine, .strictJSON, .identityToken, .keySet, .appleNotification, .signingKey, .menuCatalog, .sellerContacts,
    ]

    /// The target named `name`.
    public static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}

extension Result {
    /// `.decoded` for a value, `.refused` for the typed error.
    var outcome: FuzzTarget.Outcome {
        switch self {
        case .success: .decoded
        case .failure: .refused
        }
    }
}

extension Array where Element == UInt8 {
    /// The first byte, read as a small parameter of the input (a read size, a choice), and the
    /// rest: a fuzzer mutates both, so one input also varies how it is delivered.
    var parameterAndRest: (parameter: Int, rest: [UInt8]) {
        guard let first else { return (0, []) }
        return (Int(first), Array(dropFirst()))
    }
}
