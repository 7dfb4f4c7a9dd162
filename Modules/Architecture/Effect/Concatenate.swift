extension Effect {
    /// An effect that runs `effects` one after the other, each starting when the previous completes.
    public static func concatenate(_ effects: Effect...) -> Effect {
        concatenate(effects)
    }

    /// An effect that runs `effects` one after the other, each starting when the previous completes.
    public static func concatenate(_ effects: some Sequence<Effect>) -> Effect {
        var flattened: [Effect] = []
        for effect in effects {
            switch effect.operation {
            case .none: continue
            case .concatenate(let inner): flattened.append(contentsOf: inner)
            default: flattened.append(effect)
            }
        }
        switch flattened.count {
        case 0: return .none
        case 1: return flattened[0]
        default: return Effect(.concatenate(flattened))
        }
    }

    /// This effect, then `other` once this one completes.
    public func concatenate(with other: Effect) -> Effect {
        .concatenate([self, other])
    }
}
