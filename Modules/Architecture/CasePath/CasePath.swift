/// A path from an enum to the associated value of one of its cases: `embed` builds the case,
/// `extract` returns the value when the enum holds that case.
///
/// The key path of enums, without macros. Writing one is a one-liner, by reflection from the case
/// constructor, `CasePath(Action.signIn)`, or explicitly, which is faster on hot paths:
/// `CasePath(embed: Action.signIn) { if case .signIn(let value) = $0 { value } else { nil } }`.
public struct CasePath<Root, Value>: Sendable {
    /// Builds the enum from a value of the case.
    public let embed: @Sendable (Value) -> Root
    /// The case's value, if `root` holds this case.
    public let extract: @Sendable (Root) -> Value?

    /// A case path from its two directions.
    public init(embed: @escaping @Sendable (Value) -> Root, extract: @escaping @Sendable (Root) -> Value?) {
        self.embed = embed
        self.extract = extract
    }

    /// Replaces the case's value inside `root` with `update` applied to it; false when `root` holds another case.
    @discardableResult
    public func modify(_ root: inout Root, _ update: (inout Value) throws -> Void) rethrows -> Bool {
        guard var value = extract(root) else { return false }
        try update(&value)
        root = embed(value)
        return true
    }

    /// The path from `Root` through this case, then through `next`.
    public func appending<Next>(path next: CasePath<Value, Next>) -> CasePath<Root, Next> {
        CasePath<Root, Next>(
            embed: { [embed] in embed(next.embed($0)) },
            extract: { [extract] in extract($0).flatMap(next.extract) }
        )
    }
}

extension CasePath where Root == Value {
    /// The path from a value to itself.
    public static var identity: CasePath { CasePath(embed: { $0 }, extract: { $0 }) }
}
