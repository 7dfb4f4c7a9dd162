/// Why a catalog from the remote source was rejected; one bad entry rejects all of it.
public enum MenuCatalogError: Error, Sendable, Hashable {
    /// The source holds no catalog.
    case missing
    /// The value is not a JSON array of `{id, name, price}` with integer ids and prices.
    case malformed(reason: String)
    /// The entry at `index` (from 0) has no id.
    case missingID(index: Int)
    /// Two entries share the id.
    case duplicateID(Int)
    /// The item's price is 0 or less.
    case nonPositivePrice(id: Int)
}

extension MenuCatalogError: CustomStringConvertible {
    /// The defect in words.
    public var description: String {
        switch self {
        case .missing: "there is no menu"
        case .malformed(let reason): "it is not a list of items (\(reason))"
        case .missingID(let index): "item \(index + 1) has no id"
        case .duplicateID(let id): "id \(id) is used twice"
        case .nonPositivePrice(let id): "item \(id) has a price of 0 or less"
        }
    }
}
