/// A failure while a command runs (network, database, a value that does not decode): the app
/// prints `bistro: error: <message>` and exits with 1.
public struct CommandFailure: Error, CustomStringConvertible, Sendable {
    /// What the user reads.
    public let message: String

    /// A failure saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// A failure saying what was being done and why it failed: "could not order: <reason>".
    public init(_ doing: String, _ error: any Error) {
        message = "\(doing): \(ErrorSentence.of(error))"
    }

    public var description: String { message }
}

extension CommandFailure {
    /// The value of `body`; an error it throws becomes "`doing`: reason", while a `CommandFailure`
    /// (already a sentence for the user) passes as it is.
    public static func during<T>(_ doing: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(doing, error)
        }
    }

    /// The value of `body`, with its errors worded as in `during(_:_:)`.
    public static func during<T>(_ doing: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(doing, error)
        }
    }
}
