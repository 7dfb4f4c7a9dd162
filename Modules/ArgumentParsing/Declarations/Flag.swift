/// A switch without a value: `--json`. Off unless given, or unless its environment variable says
/// `1`, `true` or `yes` (`0`, `false`, `no` or empty leave it off).
@propertyWrapper
public struct Flag: Sendable {
    private let storage: ParsedValue<Bool>
    private let name: NameSpecification
    private let help: ArgumentHelp
    private let environment: String?

    /// Whether the flag was given.
    public var wrappedValue: Bool {
        get { storage.value ?? false }
        set { storage.value = newValue }
    }

    /// A flag, off by default; `environment` names a variable that can turn it on.
    public init(wrappedValue: Bool = false, name: NameSpecification = .long, help: ArgumentHelp = "", environment: String? = nil) {
        storage = ParsedValue(wrappedValue)
        self.name = name
        self.help = help
        self.environment = environment
    }
}

extension Flag: Declared {
    func info(property: String) -> DeclarationInfo {
        let names = name.resolved(property: property)
        return DeclarationInfo(
            kind: .flag, longNames: names.long, shortNames: names.short, valueName: "", help: help.abstract,
            isVisible: help.isVisible, isRequired: false, environment: environment)
    }

    /// On for a flag given on the command line (`""`); from the environment, as its value says.
    func take(_ text: String, info: DeclarationInfo) throws {
        switch text.lowercased() {
        case "", "1", "true", "yes": storage.value = true
        case "0", "false", "no": storage.value = false
        default: throw InvalidValue()
        }
        storage.isGiven = true
    }

    var isGiven: Bool { storage.isGiven }
}
