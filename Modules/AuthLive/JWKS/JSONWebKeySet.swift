/// A JSON Web Key Set: `{"keys": [...]}`. Keys this verifier cannot use (other types, encryption
/// keys, malformed entries) are skipped, so one odd entry does not hide the others.
struct JSONWebKeySet: Sendable, Equatable {
    /// The usable keys by id; the first of several entries with one id wins.
    let keys: [String: JSONWebKey]

    /// The set in `bytes`, or nil when they are not a JSON object with a `keys` array.
    init?(_ bytes: [UInt8]) {
        guard let document = JSONValue.object(from: bytes) else { return nil }
        self.init(document: document)
    }

    /// The set in the members of its JSON object, or nil when they have no `keys` array.
    init?(document: [String: JSONValue]) {
        guard case .array(let entries)? = document["keys"] else { return nil }
        var keys: [String: JSONWebKey] = [:]
        for case .object(let members) in entries {
            guard let key = JSONWebKey(members), keys[key.id] == nil else { continue }
            keys[key.id] = key
        }
        self.keys = keys
    }
}
