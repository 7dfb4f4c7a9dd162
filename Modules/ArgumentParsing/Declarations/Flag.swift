/// A switch without a value, in swift-argument-parser's three kinds:
/// - `@Flag var json = false`: on when given (`--json`), else off, or as its environment variable
///   says (`1`, `true`, `yes`; `0`, `false`, `no` or empty leave it off).
/// - `@Flag(name: .shortAndLong) var verbose: Int`: how many times it was given (`-vvv` is 3).
/// - `@Flag var format: OutputFormat = .text`, an `EnumerableFlag`: one flag per case
///   (`--text`, `--json`), the last given wins.
@propertyWrapper
public struct Flag<Value>: Sendable where Value: Sendable {
    private let storage: ParsedValue<Value>
    private let names: @Sendable (_ property: String) -> (long: [String], short: [Character])
    private let help: ArgumentHelp
    private let environment: String?
    /// The value after one more occurrence: `written` is the flag as written (`--json`, `-v`) or,
    /// from the environment, the variable's value.
    private let occur: @Sendable (_ current: Value, _ written: String, _ fromEnvironment: Bool) throws -> Value

    /// The value: the default unless the command line or the environment gave it.
    public var wrappedValue: Value {
        get {
            guard let value = storage.value else { preconditionFailure("@Flag read before the command line was parsed") }
            return value
        }
        set { storage.value = newValue }
    }

    private init(
        default value: Value, names: @escaping @Sendable (String) -> (long: [String], short: [Character]), help: ArgumentHelp,
        environment: String?, occur: @escaping @Sendable (Value, String, Bool) throws -> Value
    ) {
        storage = ParsedValue(value)
        self.names = names
        self.help = help
        self.environment = environment
        self.occur = occur
    }
}

extension Flag where Value == Bool {
    /// A flag, off by default; `environment` names a variable that can turn it on.
    public init(wrappedValue: Bool = false, name: NameSpecification = .long, help: ArgumentHelp = "", environment: String? = nil) {
        self.init(default: wrappedValue, names: { name.resolved(property: $0) }, help: help, environment: environment) {
            _, written, fromEnvironment in
            guard fromEnvironment else { return true }
            switch written.lowercased() {
            case "1", "true", "yes": return true
            case "0", "false", "no": return false
            default: throw InvalidValue()
            }
        }
    }
}

extension Flag where Value == Int {
    /// A flag counted: 0 unless given, one more each time (`-v -v` and `-vv` are 2); from the
    /// environment, a count.
    public init(name: NameSpecification = .long, help: ArgumentHelp = "", environment: String? = nil) {
        self.init(default: 0, names: { name.resolved(property: $0) }, help: help, environment: environment) {
            count, written, fromEnvironment in
            guard fromEnvironment else { return count + 1 }
            guard let given = Int(written), given >= 0 else { throw InvalidValue() }
            return given
        }
    }
}

extension Flag where Value: EnumerableFlag {
    /// One flag per case of `Value`, named by `Value.name(for:)` (the case's name, as `--json`);
    /// the last given wins; from the environment, a case's name.
    public init(wrappedValue: Value, help: ArgumentHelp = "", environment: String? = nil) {
        let cases = Array(Value.allCases)
        self.init(
            default: wrappedValue,
            names: { _ in
                let resolved = cases.map { Value.name(for: $0).resolved(property: Value.caseName($0)) }
                return (resolved.flatMap(\.long), resolved.flatMap(\.short))
            }, help: help, environment: environment
        ) { _, written, _ in
            let name = written.drop { $0 == "-" }
            guard
                let match = cases.first(where: { value in
                    let resolved = Value.name(for: value).resolved(property: Value.caseName(value))
                    return resolved.long.contains(String(name)) || (name.count == 1 && resolved.short.contains(name.first!))
                })
            else { throw InvalidValue() }
            return match
        }
    }
}

/// An enumeration whose cases are flags of one choice (swift-argument-parser's protocol):
/// `enum OutputFormat: String, EnumerableFlag { case text, json }` gives `--text` and `--json`.
public protocol EnumerableFlag: CaseIterable, Sendable {
    /// How the flag of `value` is named; `.long` (its case name in kebab case) unless a type says otherwise.
    static func name(for value: Self) -> NameSpecification
}

extension EnumerableFlag {
    public static func name(for value: Self) -> NameSpecification { .long }

    /// The case's name, from which `.long` and `.short` names are made.
    static func caseName(_ value: Self) -> String { String(describing: value) }
}

extension Flag: Declared {
    func info(property: String) -> DeclarationInfo {
        let resolved = names(property)
        return DeclarationInfo(
            kind: .flag, longNames: resolved.long, shortNames: resolved.short, valueName: "", help: help.abstract,
            isVisible: help.isVisible, isRequired: false, environment: environment)
    }

    /// One occurrence: `text` is the flag as written on the command line, or the variable's value.
    func take(_ text: String, info: DeclarationInfo) throws {
        let fromEnvironment = !text.hasPrefix("-")
        // The first occurrence starts from the default; a counted flag then counts from it (0).
        storage.value = try occur(storage.value!, text, fromEnvironment)
        storage.isGiven = true
    }

    var isGiven: Bool { storage.isGiven }
}
