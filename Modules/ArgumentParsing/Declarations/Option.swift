/// An option taking a value: `--database PATH` or `--database=PATH`, anywhere after the command's
/// name; the last one given wins. The next word is its value unless it reads as an option
/// (`--count --database X` misses the count), as swift-argument-parser's default does;
/// `parsing: .unconditional` takes any word. With `environment:`, a variable gives the value when
/// the command line does not (the command line wins, then the variable, then the default), and
/// `--help` names it.
@propertyWrapper
public struct Option<Value> {
    private let storage: ParsedValue<Value>
    private let name: NameSpecification
    private let help: ArgumentHelp
    private let read: @Sendable (String) throws -> Value
    private let isRequired: Bool
    private let parsing: SingleValueParsingStrategy
    private let environment: String?
    /// The value after one more occurrence whose word reads as `new`: `new` itself, or for an
    /// array, the values so far and `new`'s.
    private var combine: @Sendable (_ previous: Value?, _ new: Value) -> Value = { _, new in new }

    /// The parsed value, else the default.
    public var wrappedValue: Value {
        get {
            guard let value = storage.value else { preconditionFailure("@Option read before the command line was parsed") }
            return value
        }
        set { storage.value = newValue }
    }

    private init(
        default value: Value?, name: NameSpecification, help: ArgumentHelp, parsing: SingleValueParsingStrategy, environment: String?,
        isRequired: Bool,
        read: @escaping @Sendable (String) throws -> Value
    ) {
        self.parsing = parsing
        self.environment = environment
        storage = ParsedValue(value)
        self.name = name
        self.help = help
        self.read = read
        self.isRequired = isRequired
    }

    /// An option with a default value.
    public init(
        wrappedValue: Value, name: NameSpecification = .long, help: ArgumentHelp = "", parsing: SingleValueParsingStrategy = .next,
        environment: String? = nil
    )
    where Value: ExpressibleByArgument {
        self.init(
            default: wrappedValue, name: name, help: help, parsing: parsing, environment: environment, isRequired: false,
            read: Self.reader())
    }

    /// An option that must be given.
    public init(
        name: NameSpecification = .long, help: ArgumentHelp = "", parsing: SingleValueParsingStrategy = .next, environment: String? = nil
    )
    where Value: ExpressibleByArgument {
        self.init(default: nil, name: name, help: help, parsing: parsing, environment: environment, isRequired: true, read: Self.reader())
    }

    /// An option that may be left out: nil then.
    public init<Wrapped>(
        name: NameSpecification = .long, help: ArgumentHelp = "", parsing: SingleValueParsingStrategy = .next, environment: String? = nil
    )
    where Value == Wrapped?, Wrapped: ExpressibleByArgument {
        self.init(default: .some(nil), name: name, help: help, parsing: parsing, environment: environment, isRequired: false) { text in
            guard let value = Wrapped(argument: text) else { throw InvalidValue() }
            return value
        }
    }

    /// An option read by `transform`, which throws `ValidationError` for a bad value; it must be given.
    public init(
        name: NameSpecification = .long, help: ArgumentHelp = "", parsing: SingleValueParsingStrategy = .next, environment: String? = nil,
        transform: @escaping @Sendable (String) throws -> Value
    ) {
        self.init(default: nil, name: name, help: help, parsing: parsing, environment: environment, isRequired: true, read: transform)
    }

    /// An option read by `transform`, with a default value.
    public init(
        wrappedValue: Value, name: NameSpecification = .long, help: ArgumentHelp = "", parsing: SingleValueParsingStrategy = .next,
        environment: String? = nil,
        transform: @escaping @Sendable (String) throws -> Value
    ) {
        self.init(
            default: wrappedValue, name: name, help: help, parsing: parsing, environment: environment, isRequired: false, read: transform)
    }

    /// An option read by `transform` that may be left out: nil then.
    public init<Wrapped>(
        name: NameSpecification = .long, help: ArgumentHelp = "", parsing: SingleValueParsingStrategy = .next, environment: String? = nil,
        transform: @escaping @Sendable (String) throws -> Wrapped
    ) where Value == Wrapped? {
        self.init(default: .some(nil), name: name, help: help, parsing: parsing, environment: environment, isRequired: false) {
            try transform($0)
        }
    }

    private static func reader() -> @Sendable (String) throws -> Value where Value: ExpressibleByArgument {
        { text in
            guard let value = Value(argument: text) else { throw InvalidValue() }
            return value
        }
    }
}

extension Option {
    /// An option that may be given many times, every value kept in order: `--tag a --tag b` is
    /// `["a", "b"]`; `wrappedValue` (empty by default) unless given.
    public init<Element>(
        wrappedValue: [Element] = [], name: NameSpecification = .long, help: ArgumentHelp = "",
        parsing: SingleValueParsingStrategy = .next, environment: String? = nil
    ) where Value == [Element], Element: ExpressibleByArgument {
        self.init(default: wrappedValue, name: name, help: help, parsing: parsing, environment: environment, isRequired: false) { text in
            guard let value = Element(argument: text) else { throw InvalidValue() }
            return [value]
        }
        combine = { previous, new in (previous ?? []) + new }
    }
}

extension Option: Declared {
    func info(property: String) -> DeclarationInfo {
        let names = name.resolved(property: property)
        return DeclarationInfo(
            kind: .option, longNames: names.long, shortNames: names.short,
            valueName: help.valueName ?? property.convertedToKebabCase.uppercased(), help: help.abstract,
            isVisible: help.isVisible, isRequired: isRequired, parsing: parsing, environment: environment)
    }

    func take(_ text: String, info: DeclarationInfo) throws {
        // The first occurrence replaces the default; an array keeps each one after it.
        storage.value = combine(storage.isGiven ? storage.value : nil, try read(text))
        storage.isGiven = true
    }

    var isGiven: Bool { storage.isGiven }
}

/// A value that its type does not read; the parser names the declaration in the message.
struct InvalidValue: Error {}

extension Option: Sendable where Value: Sendable {}
