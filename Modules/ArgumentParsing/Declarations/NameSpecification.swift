/// The names an option or flag answers to: `--long`, `-s`, or both.
public struct NameSpecification: ExpressibleByArrayLiteral, Sendable {
    /// One way to name it.
    public enum Element: Sendable, Hashable {
        /// `--property-name`.
        case long
        /// `--name`.
        case customLong(String)
        /// `-p`, the property's first letter.
        case short
        /// `-c`.
        case customShort(Character)
    }

    let elements: [Element]

    public init(arrayLiteral elements: Element...) {
        self.elements = elements
    }

    init(_ elements: [Element]) {
        self.elements = elements
    }

    /// `--property-name`.
    public static let long = NameSpecification([.long])
    /// `-p`.
    public static let short = NameSpecification([.short])
    /// `-p` and `--property-name`.
    public static let shortAndLong = NameSpecification([.short, .long])
    /// `--name`.
    public static func customLong(_ name: String) -> NameSpecification { NameSpecification([.customLong(name)]) }
    /// `-c`.
    public static func customShort(_ name: Character) -> NameSpecification { NameSpecification([.customShort(name)]) }

    /// The long names (without dashes) and short names for a property called `property`.
    func resolved(property: String) -> (long: [String], short: [Character]) {
        var long: [String] = []
        var short: [Character] = []
        for element in elements {
            switch element {
            case .long: long.append(property.convertedToKebabCase)
            case .customLong(let name): long.append(name)
            case .short: if let first = property.first { short.append(first) }
            case .customShort(let name): short.append(name)
            }
        }
        return (long, short)
    }
}
