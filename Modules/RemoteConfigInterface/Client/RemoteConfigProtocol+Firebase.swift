import Foundation

// Firebase's Swift API beyond the requirements (FirebaseRemoteConfig and FirebaseRemoteConfigSwift),
// built once on them so that code written against Firebase ports with its labels.
extension RemoteConfigProtocol {
    /// Calls `completionHandler` once the stored config is loaded (Firebase's `ensureInitialized`):
    /// every implementation here loads it before it is returned, so at once, with no error.
    public func ensureInitialized(completionHandler: @escaping @Sendable ((any Error)?) -> Void) {
        completionHandler(nil)
    }

    /// Returns once the stored config is loaded (Firebase's `ensureInitialized()`); see the handler form.
    public func ensureInitialized() async throws {}

    /// The active config's keys that start with `prefix`; every active key for `nil` or "" (Firebase's
    /// `keys(withPrefix:)`, which reads the active config only).
    public func keys(withPrefix prefix: String?) -> Set<String> {
        let keys = allKeys(from: .remote)
        guard let prefix, !prefix.isEmpty else { return Set(keys) }
        return Set(keys.filter { $0.hasPrefix(prefix) })
    }

    /// The value for `key` read as `Value` (`decoded(asType:)`), or `nil` when it cannot be.
    public subscript<Value: Decodable>(decodedValue key: String) -> Value? {
        try? configValue(forKey: key).decoded(asType: Value.self)
    }

    /// The value for `key` as a JSON object, or `nil` when it is not one.
    public subscript(jsonValue key: String) -> [String: AnyHashable]? {
        configValue(forKey: key).jsonValue as? [String: AnyHashable]
    }

    /// Every key of the defaults and the active config read as the properties of `Value`, each as
    /// `decoded(asType:)` reads one value (Firebase's `decoded(asType:)` on the whole config).
    public func decoded<Value: Decodable>(asType: Value.Type = Value.self) throws -> Value {
        let keys = Set(allKeys(from: .default) + allKeys(from: .remote))
        let values = Dictionary(uniqueKeysWithValues: keys.map { ($0, configValue(forKey: $0)) })
        return try Value(from: ConfigValuesDecoder(values: values))
    }

    /// Sets the defaults to the properties of `value`, which must encode to an object: texts,
    /// numbers and booleans as themselves, arrays and objects as their JSON text (Firebase's
    /// `setDefaults(from:)`). Throws `RemoteConfigCodableError.invalidSetDefaultsInput` otherwise.
    public func setDefaults<Value: Encodable>(from value: Value) throws {
        let invalid = RemoteConfigCodableError.invalidSetDefaultsInput(
            "The setDefaults input: \(value), must be a Struct that encodes to a Dictionary")
        let encoded: Data
        do {
            encoded = try JSONEncoder().encode(value)
        } catch {
            throw invalid
        }
        guard let object = try? JSONDecoder().decode([String: DefaultJSON].self, from: encoded) else { throw invalid }
        setDefaults(try object.compactMapValues { try $0.defaultValue() })
    }
}

/// One property of an encoded defaults object, told apart by JSON kind (a boolean is not a number).
private enum DefaultJSON: Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([DefaultJSON])
    case object([String: DefaultJSON])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([DefaultJSON].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: DefaultJSON].self))
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let bool): try container.encode(bool)
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        case .array(let array): try container.encode(array)
        case .object(let object): try container.encode(object)
        }
    }

    /// The default this property stands for; `nil` for a null (no default).
    func defaultValue() throws -> RemoteConfigDefaultValue? {
        switch self {
        case .null: nil
        case .bool(let bool): .bool(bool)
        case .number(let number): .number(number)
        case .string(let string): .string(string)
        case .array, .object: .data(try JSONEncoder().encode(self))
        }
    }
}

/// Reads a `Decodable` whose properties are config values, each through `decoded(asType:)`.
private struct ConfigValuesDecoder: Decoder {
    let values: [String: RemoteConfigValue]
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Container<Key>(values: values, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self, .init(codingPath: codingPath, debugDescription: "a config is a set of keys, not a list"))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(
            Any.self, .init(codingPath: codingPath, debugDescription: "a config is a set of keys, not one value"))
    }

    private struct Container<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let values: [String: RemoteConfigValue]
        let codingPath: [any CodingKey]

        var allKeys: [Key] { values.keys.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { values[key.stringValue] != nil }

        func decodeNil(forKey key: Key) throws -> Bool { values[key.stringValue] == nil }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            guard let value = values[key.stringValue] else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no default or active value"))
            }
            return try value.decoded(asType: T.self)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<
            NestedKey
        > {
            throw DecodingError.typeMismatch(type, .init(codingPath: codingPath + [key], debugDescription: "a config value is read whole"))
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw DecodingError.typeMismatch(
                [Any].self, .init(codingPath: codingPath + [key], debugDescription: "a config value is read whole"))
        }

        func superDecoder() throws -> any Decoder {
            ConfigValuesDecoder(values: values, codingPath: codingPath)
        }

        func superDecoder(forKey key: Key) throws -> any Decoder {
            throw DecodingError.typeMismatch(
                Any.self, .init(codingPath: codingPath + [key], debugDescription: "a config value is read whole"))
        }
    }
}
