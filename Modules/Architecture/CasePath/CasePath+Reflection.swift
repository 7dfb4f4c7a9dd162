/// Case paths made from a case constructor alone, found by reflection.
extension CasePath {
    /// A case path for the case that `embed` builds, e.g. `CasePath(Action.signIn)`.
    ///
    /// `extract` reads the enum's case name and payload with `Mirror`, then checks that `embed`
    /// builds a case of the same name from that payload. It works for cases with one associated value
    /// (labelled or not, `indirect` or not); for several values, or on hot paths, use
    /// `init(embed:extract:)`.
    public init(_ embed: @escaping @Sendable (Value) -> Root) {
        self.init(embed: embed, extract: { root in reflectiveExtract(root, embed: embed) })
    }
}

extension CasePath where Value == Void, Root: Equatable & Sendable {
    /// A case path for a case without associated values, e.g. `CasePath(Action.onAppear)`.
    public init(_ root: Root) {
        self.init(embed: { _ in root }, extract: { $0 == root ? () : nil })
    }
}

/// The payload of `root`'s case, if `embed` builds the same case.
private func reflectiveExtract<Root, Value>(_ root: Root, embed: (Value) -> Root) -> Value? {
    guard let (label, payload) = caseNameAndPayload(root), let value = cast(payload, to: Value.self) else { return nil }
    // Two cases may share a payload type; only the one `embed` builds is this path's case.
    guard let (embeddedLabel, _) = caseNameAndPayload(embed(value)), embeddedLabel == label else { return nil }
    return value
}

/// The case name and the payload of an enum value; nil for other values and cases without payload.
private func caseNameAndPayload(_ value: Any) -> (String, Any)? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum, let child = mirror.children.first, let label = child.label else { return nil }
    return (label, child.value)
}

/// `payload` as a `Value`; a payload of optional type arrives wrapped in `Any` and unwraps by casting.
private func cast<Value>(_ payload: Any, to type: Value.Type) -> Value? {
    if let value = payload as? Value { return value }
    // A single labelled value can reflect as a one-element tuple on some runtimes.
    let mirror = Mirror(reflecting: payload)
    if mirror.displayStyle == .tuple, mirror.children.count == 1, let only = mirror.children.first?.value {
        return only as? Value
    }
    return nil
}
