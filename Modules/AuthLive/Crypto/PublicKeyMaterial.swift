/// The numbers of a public key as a JSON Web Key gives them (big-endian, unsigned).
enum PublicKeyMaterial: Sendable, Equatable {
    /// An RSA key: modulus `n` and public exponent `e`.
    case rsa(modulus: [UInt8], exponent: [UInt8])
    /// A P-256 key: the coordinates of its public point, 32 bytes each.
    case p256(x: [UInt8], y: [UInt8])
}
