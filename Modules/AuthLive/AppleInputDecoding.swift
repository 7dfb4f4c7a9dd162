import AuthInterface
import Foundation

/// The decoders of what comes from Apple or the user, on bytes already in hand, for the package's
/// fuzz targets and their corpus replay: each reaches the code a live token, key set, notification
/// or key file goes through, everything but the signature check and the clock.
package enum AppleInputDecoding {
    /// An identity token's three parts, header and claims, or the typed error a verifier gives it.
    package static func identityToken(_ bytes: [UInt8]) -> Result<String?, AuthenticationError> {
        Result { () throws(AuthenticationError) in
            guard let jws = CompactJWS(String(decoding: bytes, as: UTF8.self)) else { throw .invalidToken(.malformed) }
            return try IdentityTokenClaims(jws.claims).subject
        }
    }

    /// The usable keys of a key set, each made into an OpenSSL public key, or nil when the bytes
    /// are no key set.
    package static func keySet(_ bytes: [UInt8]) -> Result<Int, AuthenticationError> {
        guard let set = JSONWebKeySet(bytes) else { return .failure(.cannotVerifyNow) }
        var usable = 0
        for key in set.keys.values where (try? PublicKey(key.material)) != nil { usable += 1 }
        return .success(usable)
    }

    /// A server-to-server notification's envelope, JWS and events, or the typed error.
    package static func notification(_ bytes: [UInt8]) -> Result<String, AuthenticationError> {
        Result { () throws(AuthenticationError) in
            guard bytes.count <= ServerNotificationReader.maximumBodySize, let envelope = JSONValue.object(from: bytes),
                let payload = envelope["payload"]?.string, let jws = CompactJWS(payload)
            else { throw .invalidNotification(.malformed) }
            return try ServerNotificationReader.notice(in: jws.claims["events"], tokenID: jws.claims["jti"]?.string).userID
        }
    }
}
