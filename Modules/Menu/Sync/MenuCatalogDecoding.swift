import Foundation
import MenuInterface
import RemoteConfigInterface

/// Reads remote config's `menu` strictly, a JSON array of `{id, name, price}`: either every item is
/// valid and its id unique, or a typed error.
package enum MenuCatalogDecoding {
    /// One entry as sent; the id is optional so that a missing one is told apart from bad JSON.
    private struct Entry: Decodable {
        let id: Int?
        let name: String
        let price: Int
    }

    /// The catalog in `value`, every entry valid; any bad entry rejects the whole catalog.
    package static func decode(_ value: RemoteConfigValue) throws(MenuError) -> [MenuItem] {
        guard value.source != .static else { throw .invalidCatalog(.missing) }
        let entries: [Entry]
        do {
            entries = try JSONDecoder().decode([Entry].self, from: value.dataValue)
        } catch {
            throw .invalidCatalog(.malformed(reason: summary(of: error, in: value.dataValue)))
        }
        var menus: [MenuItem] = []
        var ids = Set<Int>()
        for (index, entry) in entries.enumerated() {
            guard let id = entry.id else { throw .invalidCatalog(.missingID(index: index)) }
            guard ids.insert(id).inserted else { throw .invalidCatalog(.duplicateID(id)) }
            guard entry.price > 0 else { throw .invalidCatalog(.nonPositivePrice(id: id)) }
            menus.append(MenuItem(id: id, name: entry.name, price: entry.price))
        }
        return menus
    }

    /// What went wrong and where, without the values: Foundation's messages may quote them.
    private static func summary(of error: any Error, in data: Data) -> String {
        // The decoder reports bad JSON and a number that does not fit alike, without a path.
        guard (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil else { return "not JSON" }
        guard let error = error as? DecodingError else { return "unreadable" }
        let problem: String
        let context: DecodingError.Context
        if case .keyNotFound(let key, let found) = error {
            (problem, context) = ("no \(key.stringValue)", found)
        } else if case .valueNotFound(_, let found) = error {
            (problem, context) = ("a null value", found)
        } else if case .typeMismatch(_, let found) = error {
            (problem, context) = ("a value of the wrong type", found)
        } else if case .dataCorrupted = error {
            // A number that is not a whole one, or too large; Linux's decoder gives no path for it.
            return "an unusable value"
        } else {
            return "unreadable"
        }
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? problem : "\(problem) at \(path)"
    }
}
