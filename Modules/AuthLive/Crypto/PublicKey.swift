import CLibCrypto

/// An OpenSSL public key (`EVP_PKEY`), freed when the value goes away. Built per verification from
/// cached `PublicKeyMaterial`, so no OpenSSL object outlives a synchronous stretch or crosses threads.
struct PublicKey: ~Copyable {
    let pointer: OpaquePointer

    /// The key for `material`.
    init(_ material: PublicKeyMaterial) throws(CryptoFailure) {
        ERR_clear_error()
        switch material {
        case .rsa(let modulus, let exponent): pointer = try Self.rsa(modulus: modulus, exponent: exponent)
        case .p256(let x, let y): pointer = try Self.p256(x: x, y: y)
        }
    }

    deinit {
        EVP_PKEY_free(pointer)
    }

    private static func rsa(modulus: [UInt8], exponent: [UInt8]) throws(CryptoFailure) -> OpaquePointer {
        guard let n = BN_bin2bn(modulus, Int32(modulus.count), nil) else { throw CryptoFailure("BN_bin2bn(n)") }
        defer { BN_free(n) }
        guard let e = BN_bin2bn(exponent, Int32(exponent.count), nil) else { throw CryptoFailure("BN_bin2bn(e)") }
        defer { BN_free(e) }
        guard let builder = OSSL_PARAM_BLD_new() else { throw CryptoFailure("OSSL_PARAM_BLD_new") }
        defer { OSSL_PARAM_BLD_free(builder) }
        // The builder keeps the name pointers until to_param: they are the shim's static strings.
        guard OSSL_PARAM_BLD_push_BN(builder, clibcrypto_param_rsa_n(), n) == 1,
            OSSL_PARAM_BLD_push_BN(builder, clibcrypto_param_rsa_e(), e) == 1
        else {
            throw CryptoFailure("OSSL_PARAM_BLD_push_BN")
        }
        guard let parameters = OSSL_PARAM_BLD_to_param(builder) else { throw CryptoFailure("OSSL_PARAM_BLD_to_param") }
        defer { OSSL_PARAM_free(parameters) }
        return try fromData(type: clibcrypto_key_type_rsa(), parameters: parameters)
    }

    private static func p256(x: [UInt8], y: [UInt8]) throws(CryptoFailure) -> OpaquePointer {
        guard x.count == 32, y.count == 32 else { throw CryptoFailure("P-256 coordinates of 32 bytes") }
        // The uncompressed point encoding: 0x04, then x, then y.
        let point: [UInt8] = [0x04] + x + y
        guard let builder = OSSL_PARAM_BLD_new() else { throw CryptoFailure("OSSL_PARAM_BLD_new") }
        defer { OSSL_PARAM_BLD_free(builder) }
        let made = point.withUnsafeBytes { (bytes) -> Result<OpaquePointer, CryptoFailure> in
            // The builder keeps the point's pointer too, so the parameters are made inside this closure.
            guard OSSL_PARAM_BLD_push_utf8_string(builder, clibcrypto_param_group_name(), clibcrypto_group_p256(), 0) == 1,
                OSSL_PARAM_BLD_push_octet_string(builder, clibcrypto_param_public_key(), bytes.baseAddress, bytes.count) == 1
            else { return .failure(CryptoFailure("OSSL_PARAM_BLD_push")) }
            guard let parameters = OSSL_PARAM_BLD_to_param(builder) else { return .failure(CryptoFailure("OSSL_PARAM_BLD_to_param")) }
            defer { OSSL_PARAM_free(parameters) }
            return Result { () throws(CryptoFailure) in try fromData(type: clibcrypto_key_type_ec(), parameters: parameters) }
        }
        return try made.get()
    }

    private static func fromData(
        type: UnsafePointer<CChar>, parameters: UnsafeMutablePointer<OSSL_PARAM>
    ) throws(CryptoFailure) -> OpaquePointer {
        guard let context = EVP_PKEY_CTX_new_from_name(nil, type, nil) else { throw CryptoFailure("EVP_PKEY_CTX_new_from_name") }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_fromdata_init(context) == 1 else { throw CryptoFailure("EVP_PKEY_fromdata_init") }
        var key: OpaquePointer?
        guard EVP_PKEY_fromdata(context, &key, clibcrypto_selection_public_key(), parameters) == 1, let key else {
            throw CryptoFailure("EVP_PKEY_fromdata")
        }
        return key
    }
}
