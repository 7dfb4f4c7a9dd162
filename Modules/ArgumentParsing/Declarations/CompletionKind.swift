/// What a shell offers for an argument's or option's value (swift-argument-parser's type of the
/// name): nothing of the command's own by default, a fixed list, or what a closure finds when the
/// user presses Tab.
public struct CompletionKind: Sendable {
    let candidates: @Sendable (CompletionRequest) -> [String]

    /// These values.
    public static func list(_ values: [String]) -> CompletionKind {
        CompletionKind { _ in values }
    }

    /// What `complete` returns: called each time the user asks, with the words typed so far, so it
    /// may look things up (the items of a menu in a database). It must be quick and never fail: it
    /// returns nothing when it cannot tell.
    public static func custom(_ complete: @escaping @Sendable (CompletionRequest) -> [String]) -> CompletionKind {
        CompletionKind(candidates: complete)
    }
}

/// What a custom completion is asked with.
public struct CompletionRequest: Sendable {
    /// The words of the command line before the one being completed, without the tool's name.
    public let words: [String]
    /// What the user typed of the word being completed; candidates that do not start with it are
    /// dropped afterwards.
    public let prefix: String
    /// What the tool hands its completions (an app's services), if anything.
    public let context: (any Sendable)?
}
