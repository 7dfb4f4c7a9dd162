/// A usage error found by `validate()` or a value's `transform`: the message is shown as it is,
/// with the hint to the command's help.
public struct ValidationError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What is wrong, for the user.
    public let message: String

    /// An error with `message`.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
