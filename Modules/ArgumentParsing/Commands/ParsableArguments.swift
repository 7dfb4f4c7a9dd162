/// A type whose stored properties are command-line declarations (`@Option`, `@Flag`, `@Argument`,
/// `@OptionGroup`), as in swift-argument-parser: parsing fills them, then `validate()` checks the
/// values together.
///
/// The declarations are found by reflection on an instance made with `init()`, so a conforming
/// type is a struct of wrapped properties with defaults where a value may be left out.
public protocol ParsableArguments: SendableMetatype {
    /// An instance whose declarations are not parsed yet.
    init()
    /// Checks the parsed values together; throw `ValidationError` for a usage error.
    mutating func validate() throws
}

extension ParsableArguments {
    /// Accepts any combination of values.
    public mutating func validate() throws {}
}
