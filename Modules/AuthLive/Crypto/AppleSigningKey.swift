import CLibCrypto
import FileSystem
import Foundation

/// The developer's Sign in with Apple key: the `.p8` file from the developer account (a PKCS#8
/// PEM P-256 private key), its key id and the team it belongs to. It signs client secrets.
///
/// The key's bytes are kept as a plain value and turned into an OpenSSL key for each signature, so
/// no OpenSSL object is shared between threads. Printing or dumping it shows the ids, never the key.
public struct AppleSigningKey: Sendable {
    /// The 10-character Team ID.
    public let teamID: String
    /// The 10-character key id Apple gave the key.
    public let keyID: String
    /// The PKCS#8 DER of the private key.
    let privateKeyDER: [UInt8]

    /// The key in the `.p8` file at `path`, for `teamID` and `keyID`; throws an
    /// `AppleSigningKeyError` that names the file (never its content) when it is missing, not PEM,
    /// not PKCS#8, not a P-256 key or one whose private scalar is outside 1…n−1, or when an id is
    /// not Apple's 10 characters.
    public init(teamID: String, keyID: String, contentsOfFile path: String) throws(AppleSigningKeyError) {
        let read: [UInt8]?
        do {
            read = try AtomicFile.contents(of: URL(fileURLWithPath: path), limit: 64 * 1024, followsSymbolicLinks: true)
        } catch {
            throw AppleSigningKeyError(path: path, problem: .unreadable(reason: error.reason))
        }
        guard let bytes = read else { throw AppleSigningKeyError(path: path, problem: .missing) }
        try self.init(teamID: teamID, keyID: keyID, pem: bytes, path: path)
    }

    /// The key in `pem`, the content of the file at `path` (named in errors).
    public init(teamID: String, keyID: String, pem: [UInt8], path: String) throws(AppleSigningKeyError) {
        guard Self.isAppleIdentifier(teamID) else { throw AppleSigningKeyError(path: path, problem: .invalidTeamID) }
        guard Self.isAppleIdentifier(keyID) else { throw AppleSigningKeyError(path: path, problem: .invalidKeyID) }
        let der = try Self.pkcs8DER(pem: pem, path: path)
        try Self.checkP256(der: der, path: path)
        self.teamID = teamID
        self.keyID = keyID
        self.privateKeyDER = der
    }

    /// The ES256 signature of `message` in JOSE form: r ‖ s, 32 bytes each (not DER).
    func sign(_ message: [UInt8]) throws(CryptoFailure) -> [UInt8] {
        ERR_clear_error()
        defer { ERR_clear_error() }
        let key = try Self.privateKey(der: privateKeyDER)
        defer { EVP_PKEY_free(key) }
        guard let context = EVP_MD_CTX_new() else { throw CryptoFailure("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1 else { throw CryptoFailure("EVP_DigestSignInit") }
        var length = 0
        guard EVP_DigestSign(context, nil, &length, message, message.count) == 1 else { throw CryptoFailure("EVP_DigestSign") }
        var der = [UInt8](repeating: 0, count: length)
        guard EVP_DigestSign(context, &der, &length, message, message.count) == 1 else { throw CryptoFailure("EVP_DigestSign") }
        return try Self.joseSignature(der: Array(der.prefix(length)))
    }

    // MARK: Reading the key

    private static func isAppleIdentifier(_ text: String) -> Bool {
        text.utf8.count == 10 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) }
    }

    /// The DER inside `-----BEGIN PRIVATE KEY-----` … `-----END PRIVATE KEY-----`.
    private static func pkcs8DER(pem: [UInt8], path: String) throws(AppleSigningKeyError) -> [UInt8] {
        let text = String(decoding: pem, as: UTF8.self)
        let begin = "-----BEGIN PRIVATE KEY-----"
        let end = "-----END PRIVATE KEY-----"
        guard let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound..<text.endIndex) else {
            // An "EC PRIVATE KEY" (SEC 1) or an encrypted key is PEM, but not what Apple hands out.
            let problem: AppleSigningKeyError.Problem = text.contains("-----BEGIN ") ? .notPKCS8 : .notPEM
            throw AppleSigningKeyError(path: path, problem: problem)
        }
        let body = text[start.upperBound..<stop.lowerBound].filter { !$0.isWhitespace }
        guard let der = Data(base64Encoded: String(body)), !der.isEmpty else { throw AppleSigningKeyError(path: path, problem: .notPEM) }
        return Array(der)
    }

    private static func checkP256(der: [UInt8], path: String) throws(AppleSigningKeyError) {
        defer { ERR_clear_error() }
        let key: OpaquePointer
        do {
            key = try privateKey(der: der)
        } catch {
            throw AppleSigningKeyError(path: path, problem: .notPKCS8)
        }
        defer { EVP_PKEY_free(key) }
        guard EVP_PKEY_is_a(key, clibcrypto_key_type_ec()) == 1 else { throw AppleSigningKeyError(path: path, problem: .notP256) }
        var name = [CChar](repeating: 0, count: 64)
        var length = 0
        guard EVP_PKEY_get_group_name(key, &name, name.count, &length) == 1,
            String(decoding: name.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                == String(cString: clibcrypto_group_p256())
        else { throw AppleSigningKeyError(path: path, problem: .notP256) }
        guard privateScalarIsInRange(key) else { throw AppleSigningKeyError(path: path, problem: .privateScalarOutOfRange) }
    }

    /// Whether the key's private scalar d is in 1…n−1, n the order of P-256: OpenSSL loads a key
    /// whose scalar is 0, n or above and signs with it (d = 0 or n signs with no secret at all),
    /// and only its explicit key check would notice.
    private static func privateScalarIsInRange(_ key: OpaquePointer) -> Bool {
        var scalar: OpaquePointer?
        // OpenSSL reads the parameter's name during the call only, so the imported macro's
        // temporary C string is enough here.
        guard EVP_PKEY_get_bn_param(key, OSSL_PKEY_PARAM_PRIV_KEY, &scalar) == 1, let scalar else { return false }
        defer { BN_clear_free(scalar) }
        guard let group = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1) else { return false }
        defer { EC_GROUP_free(group) }
        guard let order = EC_GROUP_get0_order(group) else { return false }
        return BN_is_zero(scalar) == 0 && BN_is_negative(scalar) == 0 && BN_cmp(scalar, order) < 0
    }

    /// The OpenSSL key of a PKCS#8 DER (the caller frees it).
    private static func privateKey(der: [UInt8]) throws(CryptoFailure) -> OpaquePointer {
        let info = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_PKCS8_PRIV_KEY_INFO(nil, &cursor, buffer.count)
        }
        guard let info else { throw CryptoFailure("d2i_PKCS8_PRIV_KEY_INFO") }
        defer { PKCS8_PRIV_KEY_INFO_free(info) }
        guard let key = EVP_PKCS82PKEY(info) else { throw CryptoFailure("EVP_PKCS82PKEY") }
        return key
    }

    /// r ‖ s of a DER ECDSA-Sig-Value, each left-padded to 32 bytes.
    private static func joseSignature(der: [UInt8]) throws(CryptoFailure) -> [UInt8] {
        let signature = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &cursor, buffer.count)
        }
        guard let signature else { throw CryptoFailure("d2i_ECDSA_SIG") }
        defer { ECDSA_SIG_free(signature) }
        var r: OpaquePointer?
        var s: OpaquePointer?
        ECDSA_SIG_get0(signature, &r, &s)
        var raw = [UInt8](repeating: 0, count: 64)
        let written = raw.withUnsafeMutableBufferPointer { out in
            BN_bn2binpad(r, out.baseAddress, 32) == 32 && BN_bn2binpad(s, out.baseAddress! + 32, 32) == 32
        }
        guard written else { throw CryptoFailure("BN_bn2binpad") }
        return raw
    }
}

extension AppleSigningKey: CustomStringConvertible, CustomReflectable {
    /// The ids, never the key.
    public var description: String { "AppleSigningKey(teamID: \(teamID), keyID: \(keyID), key: <redacted>)" }

    /// The ids only, so that `dump` does not show the key either.
    public var customMirror: Mirror { Mirror(self, children: ["teamID": teamID, "keyID": keyID], displayStyle: .struct) }
}

/// Why a Sign in with Apple key cannot be used.
public struct AppleSigningKeyError: Error, Sendable, Equatable {
    /// What is wrong.
    public enum Problem: Sendable, Equatable {
        /// There is no file at the path.
        case missing
        /// The file cannot be read.
        case unreadable(reason: String)
        /// The file is not PEM.
        case notPEM
        /// The file is PEM, but not a PKCS#8 private key (`-----BEGIN PRIVATE KEY-----`).
        case notPKCS8
        /// The key is not an elliptic-curve key on P-256.
        case notP256
        /// The key is a P-256 key whose private scalar is 0 or not below the curve's order, which
        /// no valid key has.
        case privateScalarOutOfRange
        /// The team id is not 10 letters and digits.
        case invalidTeamID
        /// The key id is not 10 letters and digits.
        case invalidKeyID
    }

    /// The key file.
    public let path: String
    /// What is wrong.
    public let problem: Problem
}

extension AppleSigningKeyError: LocalizedError {
    /// A sentence naming the file, never its content.
    public var errorDescription: String? {
        switch problem {
        case .missing: "the Sign in with Apple key file \(path) does not exist"
        case .unreadable(let reason): "the Sign in with Apple key file \(path) cannot be read: \(reason)"
        case .notPEM: "the Sign in with Apple key file \(path) is not PEM (a .p8 key starts with -----BEGIN PRIVATE KEY-----)"
        case .notPKCS8: "the Sign in with Apple key file \(path) is not a PKCS#8 private key, as the .p8 from the developer account is"
        case .notP256: "the Sign in with Apple key file \(path) is not a P-256 key"
        case .privateScalarOutOfRange:
            "the Sign in with Apple key file \(path) holds no usable P-256 private key: its private scalar is 0 or not below the "
                + "curve's order"
        case .invalidTeamID: "the Apple team id for \(path) must be the 10 letters and digits of the developer account's Team ID"
        case .invalidKeyID: "the Apple key id for \(path) must be the 10 letters and digits Apple gave the key"
        }
    }
}
