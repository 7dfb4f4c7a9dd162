/// What went wrong in a `Codable` error, without the values involved.
///
/// Foundation's and the standard library's coding errors put the offending value in their text (for
/// example "Cannot initialize Kind from invalid String value ..."); a stored value may be a secret, and
/// errors end up in logs. This keeps the kind of failure and where it happened, and drops the rest.
func errorSummary(_ error: Error) -> String {
    switch error {
    case let error as DecodingError:
        switch error {
        case .typeMismatch(let type, let context): "expected \(type)\(at(context.codingPath))"
        case .valueNotFound(let type, let context): "no \(type) value\(at(context.codingPath))"
        case .keyNotFound(let key, let context): "no key \(key.stringValue)\(at(context.codingPath))"
        case .dataCorrupted(let context): "invalid data\(at(context.codingPath))"
        @unknown default: "a decoding error"
        }
    case let error as EncodingError:
        switch error {
        case .invalidValue(_, let context): "a value that cannot be encoded\(at(context.codingPath))"
        @unknown default: "an encoding error"
        }
    default:
        "\(type(of: error))"
    }
}

private func at(_ path: [CodingKey]) -> String {
    path.isEmpty ? "" : " at " + path.map(\.stringValue).joined(separator: ".")
}
