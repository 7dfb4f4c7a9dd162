/// What the parser and the help know of one declared option, flag or argument.
struct DeclarationInfo {
    enum Kind {
        case option
        case flag
        case argument
    }

    let kind: Kind
    /// Long names without dashes.
    let longNames: [String]
    let shortNames: [Character]
    /// `PATH`, `COUNT`.
    let valueName: String
    let help: String
    let isVisible: Bool
    /// Whether parsing fails when it is not given.
    let isRequired: Bool

    /// How the declaration is named in messages and help: `--database PATH`, `--json`, `COUNT`.
    var displayName: String {
        switch kind {
        case .argument: valueName
        case .flag: longNames.first.map { "--\($0)" } ?? shortNames.first.map { "-\($0)" } ?? valueName
        case .option: (longNames.first.map { "--\($0)" } ?? shortNames.first.map { "-\($0)" } ?? "") + " " + valueName
        }
    }

    /// The name alone: `--database`.
    var optionName: String {
        longNames.first.map { "--\($0)" } ?? shortNames.first.map { "-\($0)" } ?? valueName
    }
}

/// A declaration found by reflection: the wrapper of one property.
protocol Declared {
    /// Its help and parsing facts, for a property named `property`.
    func info(property: String) -> DeclarationInfo
    /// Takes one value from the command line (an option's value, an argument; "" for a flag).
    func take(_ text: String, info: DeclarationInfo) throws
    /// Whether the command line gave it.
    var isGiven: Bool { get }
}

/// A group of declarations of another `ParsableArguments` type, found by reflection.
protocol DeclaredGroup {
    /// The group's instance, whose declarations are parsed in place.
    var group: any ParsableArguments { get }
    /// The help's heading for the group's options, when it has its own.
    var title: String? { get }
    /// Validates the group's values once parsed.
    func validateGroup() throws
}

/// The value of a declaration: written once while parsing, read by the command afterwards. A
/// reference, so that copies of a command share what was parsed into the instance reflected.
final class ParsedValue<Value> {
    var value: Value?
    var isGiven = false

    init(_ value: Value? = nil) {
        self.value = value
    }
}
