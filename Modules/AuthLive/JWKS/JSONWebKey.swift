/// A signing key from a JSON Web Key Set (RFC 7517), reduced to what verification needs.
struct JSONWebKey: Sendable, Equatable {
    /// The key id tokens name in their `kid` header.
    let id: String
    /// The one algorithm this key verifies: its `alg`, or the one its type implies.
    let algorithm: SignatureAlgorithm
    /// The key's numbers.
    let material: PublicKeyMaterial

    /// RSA moduli shorter than this are refused (Apple's are 2048 bits).
    static let minimumRSAModulusBytes = 256

    /// The key `members` describe, or nil when it is not an RS256 or ES256 signing key in good form.
    init?(_ members: [String: JSONValue]) {
        guard let id = members["kid"]?.string, !id.isEmpty else { return nil }
        if let use = members["use"], use != .string("sig") { return nil }
        let declared: SignatureAlgorithm?
        switch members["alg"] {
        case nil: declared = nil
        case .string(let name)?:
            guard let algorithm = SignatureAlgorithm(rawValue: name) else { return nil }
            declared = algorithm
        default: return nil
        }
        switch members["kty"]?.string {
        case "RSA":
            guard declared == nil || declared == .rs256,
                let n = members["n"]?.string.flatMap(Base64URL.decode),
                let e = members["e"]?.string.flatMap(Base64URL.decode), !e.isEmpty
            else { return nil }
            let modulus = Array(n.drop { $0 == 0 })
            guard modulus.count >= Self.minimumRSAModulusBytes else { return nil }
            self.algorithm = .rs256
            self.material = .rsa(modulus: modulus, exponent: e)
        case "EC":
            guard declared == nil || declared == .es256, members["crv"] == .string("P-256"),
                let x = members["x"]?.string.flatMap(Base64URL.decode), x.count == 32,
                let y = members["y"]?.string.flatMap(Base64URL.decode), y.count == 32
            else { return nil }
            self.algorithm = .es256
            self.material = .p256(x: x, y: y)
        default:
            return nil
        }
        self.id = id
    }
}
