/// A positional argument: the words after the command's name that are not options, in the
/// order of the declarations. `completion:` says what a shell offers for it.
@propertyWrapper
public struct Argument<Value> {
    private let storage: ParsedValue<Value>
    private let help: ArgumentHelp
    private let read: @Sendable (String) throws -> Value
    private let isRequired: Bool
    private let completion: CompletionKind?

    /// The parsed value, else the default.
    public var wrappedValue: Value {
        get {
            guard let value = storage.value else { preconditionFailure("@Argument read before the command line was parsed") }
            return value
        }
        set { storage.value = newValue }
    }

    private init(
        default value: Value?, help: ArgumentHelp, completion: CompletionKind?, isRequired: Bool,
        read: @escaping @Sendable (String) throws -> Value
    ) {
        storage = ParsedValue(value)
        self.help = help
        self.completion = completion
        self.read = read
        self.isRequired = isRequired
    }

    /// An argument that must be given.
    public init(help: ArgumentHelp = "", completion: CompletionKind? = nil) where Value: ExpressibleByArgument {
        self.init(default: nil, help: help, completion: completion, isRequired: true) { text in
            guard let value = Value(argument: text) else { throw InvalidValue() }
            return value
        }
    }

    /// An argument with a default value.
    public init(wrappedValue: Value, help: ArgumentHelp = "", completion: CompletionKind? = nil) where Value: ExpressibleByArgument {
        self.init(default: wrappedValue, help: help, completion: completion, isRequired: false) { text in
            guard let value = Value(argument: text) else { throw InvalidValue() }
            return value
        }
    }

    /// An argument that may be left out: nil then.
    public init<Wrapped>(help: ArgumentHelp = "", completion: CompletionKind? = nil)
    where Value == Wrapped?, Wrapped: ExpressibleByArgument {
        self.init(default: .some(nil), help: help, completion: completion, isRequired: false) { text in
            guard let value = Wrapped(argument: text) else { throw InvalidValue() }
            return value
        }
    }

    /// An argument read by `transform`, which throws `ValidationError` for a bad value; it must be given.
    public init(help: ArgumentHelp = "", completion: CompletionKind? = nil, transform: @escaping @Sendable (String) throws -> Value) {
        self.init(default: nil, help: help, completion: completion, isRequired: true, read: transform)
    }
}

extension Argument: Declared {
    func info(property: String) -> DeclarationInfo {
        DeclarationInfo(
            kind: .argument, longNames: [], shortNames: [], valueName: help.valueName ?? property.convertedToKebabCase.uppercased(),
            help: help.abstract, isVisible: help.isVisible, isRequired: isRequired, completion: completion)
    }

    func take(_ text: String, info: DeclarationInfo) throws {
        storage.value = try read(text)
        storage.isGiven = true
    }

    var isGiven: Bool { storage.isGiven }
}

extension Argument: Sendable where Value: Sendable {}
