extension Effect {
    /// An effect that runs all of `effects` at once; it completes when the last one does.
    public static func merge(_ effects: Effect...) -> Effect {
        merge(effects)
    }

    /// An effect that runs all of `effects` at once; it completes when the last one does.
    public static func merge(_ effects: some Sequence<Effect>) -> Effect {
        var flattened: [Effect] = []
        for effect in effects {
            switch effect.operation {
            case .none: continue
            case .merge(let inner): flattened.append(contentsOf: inner)
            default: flattened.append(effect)
            }
        }
        switch flattened.count {
        case 0: return .none
        case 1: return flattened[0]
        default: return Effect(.merge(flattened))
        }
    }

    /// This effect and `other`, run at once.
    public func merge(with other: Effect) -> Effect {
        if other.isNone { return self }
        if isNone { return other }
        return .merge([self, other])
    }
}
