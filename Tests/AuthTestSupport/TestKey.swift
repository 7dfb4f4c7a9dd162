import CLibCrypto
import Foundation

/// A signing key made at test time with OpenSSL, kept as DER bytes (a plain Sendable value) and
/// turned into an OpenSSL key for each signature, so no OpenSSL object is shared between tests.
public struct TestKey: Sendable {
    public enum Kind: Sendable { case rsa, p256 }

    public let id: String
    public let kind: Kind
    /// The private key, DER (PKCS#8 or traditional, as OpenSSL writes it).
    public let privateKeyDER: [UInt8]
    /// The public key as a JWK's members.
    public let jwk: [String: String]
    /// The public key as DER SubjectPublicKeyInfo (what a confused verifier would use as an HMAC secret).
    public let publicKeyDER: [UInt8]
    /// The private key as PKCS#8 DER, what a `.p8` file holds.
    public let pkcs8DER: [UInt8]

    /// The private key as a `.p8` file from Apple's developer account holds it: PKCS#8 PEM.
    public var pkcs8PEM: String { Self.pem(pkcs8DER, label: "PRIVATE KEY") }

    /// The public key as PEM SubjectPublicKeyInfo.
    public var publicKeyPEM: String { Self.pem(publicKeyDER, label: "PUBLIC KEY") }

    /// The JWS algorithm of the key.
    public var algorithm: String { kind == .rsa ? "RS256" : "ES256" }

    /// A fresh 2048-bit RSA key.
    public static func rsa(id: String, declaresAlgorithm: Bool = true) -> TestKey {
        generate(id: id, kind: .rsa, declaresAlgorithm: declaresAlgorithm)
    }

    /// A fresh P-256 key.
    public static func p256(id: String) -> TestKey {
        generate(id: id, kind: .p256, declaresAlgorithm: true)
    }

    /// The same key under another id.
    public func renamed(_ newID: String) -> TestKey {
        var jwk = self.jwk
        jwk["kid"] = newID
        return TestKey(id: newID, kind: kind, privateKeyDER: privateKeyDER, jwk: jwk, publicKeyDER: publicKeyDER, pkcs8DER: pkcs8DER)
    }

    /// The JWS signature of `message` (for ES256, r ‖ s as JWS wants it).
    public func sign(_ message: [UInt8]) -> [UInt8] {
        let key = privateKey()
        defer { EVP_PKEY_free(key) }
        let context = EVP_MD_CTX_new()!
        defer { EVP_MD_CTX_free(context) }
        precondition(EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1, "EVP_DigestSignInit")
        var length = 0
        precondition(EVP_DigestSign(context, nil, &length, message, message.count) == 1, "EVP_DigestSign length")
        var signature = [UInt8](repeating: 0, count: length)
        precondition(EVP_DigestSign(context, &signature, &length, message, message.count) == 1, "EVP_DigestSign")
        signature.removeSubrange(length...)
        return kind == .rsa ? signature : Self.rawECDSA(der: signature)
    }

    private func privateKey() -> OpaquePointer {
        privateKeyDER.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_AutoPrivateKey(nil, &cursor, buffer.count)!
        }
    }

    private static func generate(id: String, kind: Kind, declaresAlgorithm: Bool) -> TestKey {
        let typeName = kind == .rsa ? clibcrypto_key_type_rsa() : clibcrypto_key_type_ec()
        let context = EVP_PKEY_CTX_new_from_name(nil, typeName, nil)!
        defer { EVP_PKEY_CTX_free(context) }
        precondition(EVP_PKEY_keygen_init(context) == 1, "EVP_PKEY_keygen_init")
        switch kind {
        case .rsa: precondition(EVP_PKEY_CTX_set_rsa_keygen_bits(context, 2048) == 1, "set_rsa_keygen_bits")
        case .p256: precondition(EVP_PKEY_CTX_set_group_name(context, clibcrypto_group_p256()) == 1, "set_group_name")
        }
        var generated: OpaquePointer?
        precondition(EVP_PKEY_generate(context, &generated) == 1, "EVP_PKEY_generate")
        let key = generated!
        defer { EVP_PKEY_free(key) }

        var jwk: [String: String] = ["kid": id, "use": "sig"]
        switch kind {
        case .rsa:
            jwk["kty"] = "RSA"
            jwk["n"] = base64URL(bigNumber(key, clibcrypto_param_rsa_n(), width: nil))
            jwk["e"] = base64URL(bigNumber(key, clibcrypto_param_rsa_e(), width: nil))
            if declaresAlgorithm { jwk["alg"] = "RS256" }
        case .p256:
            jwk["kty"] = "EC"
            jwk["crv"] = "P-256"
            jwk["x"] = base64URL(bigNumber(key, clibcrypto_param_ec_pub_x(), width: 32))
            jwk["y"] = base64URL(bigNumber(key, clibcrypto_param_ec_pub_y(), width: 32))
            if declaresAlgorithm { jwk["alg"] = "ES256" }
        }
        let info = EVP_PKEY2PKCS8(key)!
        defer { PKCS8_PRIV_KEY_INFO_free(info) }
        return TestKey(
            id: id, kind: kind, privateKeyDER: der { i2d_PrivateKey(key, &$0) }, jwk: jwk,
            publicKeyDER: der { i2d_PUBKEY(key, &$0) }, pkcs8DER: der { i2d_PKCS8_PRIV_KEY_INFO(info, &$0) })
    }

    /// `der` as PEM under `label`, 64 characters a line.
    private static func pem(_ der: [UInt8], label: String) -> String {
        let base64 = Data(der).base64EncodedString()
        var lines: [String] = []
        var rest = Substring(base64)
        while !rest.isEmpty {
            lines.append(String(rest.prefix(64)))
            rest = rest.dropFirst(64)
        }
        return "-----BEGIN \(label)-----\n" + lines.joined(separator: "\n") + "\n-----END \(label)-----\n"
    }

    /// Bytes OpenSSL allocates for an i2d call given a NULL output pointer, copied and freed.
    private static func der(_ encode: (inout UnsafeMutablePointer<UInt8>?) -> Int32) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        let length = encode(&output)
        precondition(length > 0, "i2d")
        defer { clibcrypto_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(length)))
    }

    private static func bigNumber(_ key: OpaquePointer, _ name: UnsafePointer<CChar>, width: Int?) -> [UInt8] {
        var number: OpaquePointer?
        precondition(EVP_PKEY_get_bn_param(key, name, &number) == 1, "EVP_PKEY_get_bn_param")
        defer { BN_free(number) }
        let size = width ?? Int((BN_num_bits(number) + 7) / 8)
        var bytes = [UInt8](repeating: 0, count: size)
        precondition(BN_bn2binpad(number, &bytes, Int32(size)) == Int32(size), "BN_bn2binpad")
        return bytes
    }

    private static func rawECDSA(der: [UInt8]) -> [UInt8] {
        der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            let signature = d2i_ECDSA_SIG(nil, &cursor, buffer.count)!
            defer { ECDSA_SIG_free(signature) }
            var r: OpaquePointer?
            var s: OpaquePointer?
            ECDSA_SIG_get0(signature, &r, &s)
            var raw = [UInt8](repeating: 0, count: 64)
            raw.withUnsafeMutableBufferPointer { out in
                precondition(BN_bn2binpad(r, out.baseAddress, 32) == 32 && BN_bn2binpad(s, out.baseAddress! + 32, 32) == 32)
            }
            return raw
        }
    }
}

/// HMAC-SHA256, for the token a confused verifier would accept.
public func hmacSHA256(key: [UInt8], message: [UInt8]) -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length: UInt32 = 0
    precondition(HMAC(EVP_sha256(), key, Int32(key.count), message, message.count, &digest, &length) != nil, "HMAC")
    return Array(digest.prefix(Int(length)))
}

/// Unpadded base64url.
public func base64URL(_ bytes: some Sequence<UInt8>) -> String {
    Data(bytes).base64EncodedString()
        .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
}

/// The keys of the test run, made once: RSA keygen takes a noticeable moment.
public enum TestKeys {
    public static let rsa1 = TestKey.rsa(id: "rsa-1")
    public static let rsa2 = TestKey.rsa(id: "rsa-2")
    /// An RSA key whose JWK has no `alg`, so its type decides.
    public static let rsaWithoutAlgorithm = TestKey.rsa(id: "rsa-no-alg", declaresAlgorithm: false)
    public static let p256 = TestKey.p256(id: "ec-1")
}
