import CLibCrypto

/// Checks a JWS signature with OpenSSL. Synchronous on purpose: OpenSSL's error queue is
/// thread-local, and it is read and cleared here, before the caller can `await`.
enum SignatureCheck {
    /// Whether `signature` over `message` is valid for `material` under `algorithm`.
    static func isValid(
        _ signature: [UInt8], over message: [UInt8], material: PublicKeyMaterial, algorithm: SignatureAlgorithm
    ) throws(CryptoFailure) -> Bool {
        let key = try PublicKey(material)
        defer { ERR_clear_error() }
        let encoded: [UInt8]
        switch algorithm {
        case .rs256:
            encoded = signature
        case .es256:
            // JWS carries r and s as 32 bytes each; OpenSSL wants the DER ECDSA-Sig-Value.
            guard let der = derSignature(raw: signature) else { return false }
            encoded = der
        }
        guard let context = EVP_MD_CTX_new() else { throw CryptoFailure("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key.pointer) == 1 else {
            throw CryptoFailure("EVP_DigestVerifyInit")
        }
        // 1 is a valid signature; 0 a wrong one; a negative value an error. Only 1 accepts.
        return EVP_DigestVerify(context, encoded, encoded.count, message, message.count) == 1
    }

    /// The DER encoding of an ECDSA signature given as r ‖ s, or nil when it is not 64 bytes.
    static func derSignature(raw: [UInt8]) -> [UInt8]? {
        guard raw.count == 64, let signature = ECDSA_SIG_new() else { return nil }
        defer { ECDSA_SIG_free(signature) }
        guard let r = BN_bin2bn(raw, 32, nil) else { return nil }
        guard let s = raw.withUnsafeBufferPointer({ BN_bin2bn($0.baseAddress! + 32, 32, nil) }) else {
            BN_free(r)
            return nil
        }
        // set0 takes ownership of r and s when it succeeds.
        guard ECDSA_SIG_set0(signature, r, s) == 1 else {
            BN_free(r)
            BN_free(s)
            return nil
        }
        var output: UnsafeMutablePointer<UInt8>?
        let length = i2d_ECDSA_SIG(signature, &output)
        guard length > 0, let output else { return nil }
        defer { clibcrypto_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(length)))
    }
}
