/// A switch without a value: `--json`. Off unless given.
@propertyWrapper
public struct Flag: Sendable {
    private let storage: ParsedValue<Bool>
    private let name: NameSpecification
    private let help: ArgumentHelp

    /// Whether the flag was given.
    public var wrappedValue: Bool {
        get { storage.value ?? false }
        set { storage.value = newValue }
    }

    /// A flag, off by default.
    public init(wrappedValue: Bool = false, name: NameSpecification = .long, help: ArgumentHelp = "") {
        storage = ParsedValue(wrappedValue)
        self.name = name
        self.help = help
    }
}

extension Flag: Declared {
    func info(property: String) -> DeclarationInfo {
        let names = name.resolved(property: property)
        return DeclarationInfo(
            kind: .flag, longNames: names.long, shortNames: names.short, valueName: "", help: help.abstract,
            isVisible: help.isVisible, isRequired: false)
    }

    func take(_ text: String, info: DeclarationInfo) throws {
        storage.value = true
        storage.isGiven = true
    }

    var isGiven: Bool { storage.isGiven }
}
