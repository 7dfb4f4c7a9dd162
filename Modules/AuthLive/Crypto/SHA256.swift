import CLibCrypto

/// SHA-256, for the nonce claim.
enum SHA256 {
    /// The digest of `bytes`.
    static func digest(_ bytes: some Collection<UInt8>) -> [UInt8] {
        let input = Array(bytes)
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let status = EVP_Digest(input, input.count, &digest, &length, EVP_sha256(), nil)
        // SHA-256 over a buffer in memory does not fail short of memory exhaustion.
        precondition(status == 1, CryptoFailure("EVP_Digest").description)
        return Array(digest.prefix(Int(length)))
    }

    /// The digest as lowercase hexadecimal, as Apple puts it in the `nonce` claim.
    static func hexDigest(_ text: String) -> String {
        digest(Array(text.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
