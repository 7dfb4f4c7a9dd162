/// The declarations of another `ParsableArguments` type, parsed as this command's own: options
/// that several commands share. A group on the root command is the tool's global options, which
/// stand anywhere on the command line.
@propertyWrapper
public struct OptionGroup<Value: ParsableArguments> {
    private let storage: ParsedValue<Value>
    /// The help's heading for these options ("global options"); nil lists them with the command's own.
    public let title: String?

    /// The group's values.
    public var wrappedValue: Value {
        get { storage.value! }
        set { storage.value = newValue }
    }

    /// A group listed under `title` in the help, or with the command's options when nil.
    public init(title: String? = nil) {
        storage = ParsedValue(Value())
        self.title = title
    }
}

extension OptionGroup: DeclaredGroup {
    var group: any ParsableArguments { storage.value! }

    func validateGroup() throws {
        try storage.value!.validate()
    }
}

extension OptionGroup: Sendable where Value: Sendable {}
