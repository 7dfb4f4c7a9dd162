/// A cancellation identifier: any hashable, sendable value, compared by type and value.
///
/// `AnyHashable` is not `Sendable`; this box only accepts sendable values, so it is.
public struct EffectID: Hashable, Sendable {
    let base: any Hashable & Sendable

    /// An identifier wrapping `base`.
    public init(_ base: some Hashable & Sendable) {
        if let id = base as? EffectID {
            self = id
        } else {
            self.base = base
        }
    }

    /// Equal when the wrapped values have the same type and are equal.
    public static func == (lhs: EffectID, rhs: EffectID) -> Bool {
        AnyHashable(lhs.base) == AnyHashable(rhs.base)
    }

    /// Hashes the wrapped value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(AnyHashable(base))
    }
}
