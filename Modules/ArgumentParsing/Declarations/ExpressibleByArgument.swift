import Foundation

/// A value that a command-line word can be read as: `Int("2")`, a URL, an enum's raw value.
public protocol ExpressibleByArgument: SendableMetatype {
    /// The value `argument` stands for, or nil when it stands for none.
    init?(argument: String)
}

extension String: ExpressibleByArgument {
    public init?(argument: String) { self = argument }
}

extension Int: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

extension Int64: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

extension UInt: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

extension Double: ExpressibleByArgument {
    /// Finite numbers only: "nan" and "inf" are no values of an option.
    public init?(argument: String) {
        guard let value = Double(argument), value.isFinite else { return nil }
        self = value
    }
}

extension Bool: ExpressibleByArgument {
    public init?(argument: String) {
        switch argument.lowercased() {
        case "true", "yes", "1": self = true
        case "false", "no", "0": self = false
        default: return nil
        }
    }
}

extension URL: ExpressibleByArgument {
    /// An absolute URL with a scheme.
    public init?(argument: String) {
        guard let url = URL(string: argument), url.scheme != nil else { return nil }
        self = url
    }
}

extension RawRepresentable where Self: ExpressibleByArgument, RawValue: ExpressibleByArgument {
    public init?(argument: String) {
        guard let raw = RawValue(argument: argument) else { return nil }
        self.init(rawValue: raw)
    }
}
