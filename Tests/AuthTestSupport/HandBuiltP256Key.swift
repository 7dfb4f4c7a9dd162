import Foundation

/// P-256 private keys written byte by byte as a `.p8` file holds them, with any private scalar:
/// OpenSSL only generates valid keys, and a damaged or forged key file may hold 0, the group order
/// or more, which OpenSSL loads and signs with all the same.
///
/// The layout is what OpenSSL writes and Apple hands out: a PKCS#8 PrivateKeyInfo (RFC 5208) of
/// version 0, algorithm id-ecPublicKey with the named curve prime256v1, and as its private key a
/// SEC 1 ECPrivateKey (RFC 5915) of version 1 with the scalar as a 32-byte OCTET STRING, the curve
/// left to the outer algorithm, and the public point when one is given.
public enum HandBuiltP256Key {
    /// The order n of P-256's base point (SEC 2 §2.4.2), big-endian.
    public static let order = bytes(hex: "FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551")

    /// The base point G as an uncompressed point (0x04 ‖ x ‖ y): the public key of the scalar 1.
    public static let basePoint = bytes(
        hex: "04"
            + "6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296"
            + "4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5")

    /// The PKCS#8 DER of the key whose private scalar is `scalar` (big-endian, written as given),
    /// with `publicPoint` (an uncompressed point) as its public key, or none.
    public static func pkcs8DER(scalar: [UInt8], publicPoint: [UInt8]? = nil) -> [UInt8] {
        let idECPublicKey: [UInt8] = [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]
        let prime256v1: [UInt8] = [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]
        var ecPrivateKey = der(0x02, [0x01]) + der(0x04, scalar)
        if let publicPoint {
            // [1] EXPLICIT BIT STRING, with no unused bits.
            ecPrivateKey += der(0xA1, der(0x03, [0x00] + publicPoint))
        }
        let algorithm = der(0x30, der(0x06, idECPublicKey) + der(0x06, prime256v1))
        return der(0x30, der(0x02, [0x00]) + algorithm + der(0x04, der(0x30, ecPrivateKey)))
    }

    /// The same key as the PEM of a `.p8` file, 64 characters a line.
    public static func pkcs8PEM(scalar: [UInt8], publicPoint: [UInt8]? = nil) -> String {
        var base64 = Substring(Data(pkcs8DER(scalar: scalar, publicPoint: publicPoint)).base64EncodedString())
        var lines: [Substring] = []
        while !base64.isEmpty {
            lines.append(base64.prefix(64))
            base64 = base64.dropFirst(64)
        }
        return "-----BEGIN PRIVATE KEY-----\n" + lines.joined(separator: "\n") + "\n-----END PRIVATE KEY-----\n"
    }

    /// The bytes `hex` spells, two digits a byte.
    public static func bytes(hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        precondition(digits.count.isMultiple(of: 2), "an even number of hex digits")
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }

    /// One DER element: the tag, the definite length (short or long form) and the contents.
    private static func der(_ tag: UInt8, _ contents: [UInt8]) -> [UInt8] {
        let count = contents.count
        let length: [UInt8] =
            switch count {
            case ..<0x80: [UInt8(count)]
            case ..<0x100: [0x81, UInt8(count)]
            default: [0x82, UInt8(count >> 8), UInt8(count & 0xFF)]
            }
        return [tag] + length + contents
    }
}
