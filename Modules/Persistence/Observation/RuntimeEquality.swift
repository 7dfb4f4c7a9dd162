/// `==` for a generic value whose type turns out to be `Equatable` at run time.
///
/// `observe(removeDuplicates:fetch:)` knows only `Value: Sendable`, yet after another
/// connection's commit an observation must tell whether its value changed; the arrays and optionals of
/// `Equatable` records that queries return conform, which the runtime can see.
enum RuntimeEquality {
    /// `==` of `type`, or `nil` when the type is not `Equatable`.
    static func equality<Value>(of type: Value.Type) -> (@Sendable (Value, Value) -> Bool)? {
        guard type is any Equatable.Type else { return nil }
        return { lhs, rhs in
            // Opens the existential: `==` of the dynamic type, which `Value` is.
            guard let lhs = lhs as? any Equatable else { return false }
            return lhs.isEqual(to: rhs)
        }
    }
}

extension Equatable {
    /// `self == other` when `other` has the same type, else false.
    fileprivate func isEqual(to other: Any) -> Bool {
        (other as? Self).map { $0 == self } ?? false
    }
}
