#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    /// How an option takes its value from the next word.
    var parsing: SingleValueParsingStrategy = .next
    /// The environment variable that gives the value when the command line does not.
    var environment: String? = nil
    /// What a shell offers for the value.
    var completion: CompletionKind? = nil

    /// How the declaration is named in messages and help: `--database PATH`, `--json`, `COUNT`.
    var displayName: String {
        switch kind {
        case .argument: valueName
        case .flag:
            longNames.isEmpty ? shortNames.first.map { "-\($0)" } ?? valueName : longNames.map { "--\($0)" }.joined(separator: " | ")
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

/// The value of a declaration: written while parsing, read by the command afterwards, perhaps on
/// another thread (an app runs commands off the main thread). A reference, so that copies of a
/// command share what was parsed into the instance reflected.
final class ParsedValue<Value>: @unchecked Sendable {  // `mutex` guards `stored` and `given`
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var stored: Value?
    private var given = false

    init(_ value: Value? = nil) {
        pthread_mutex_init(mutex, nil)
        stored = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// The value, nil until parsed or defaulted.
    var value: Value? {
        get { locked { stored } }
        set { locked { stored = newValue } }
    }

    /// Whether the command line gave the value.
    var isGiven: Bool {
        get { locked { given } }
        set { locked { given = newValue } }
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
