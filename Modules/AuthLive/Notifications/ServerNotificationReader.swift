import AuthInterface
import Foundation

/// Reads a server-to-server notification as Apple POSTs it to an app's endpoint:
/// `{"payload": "<JWS>"}`, the JWS signed with one of Apple's published keys, its claims `iss`
/// (Apple), `aud` (one of the app's client ids), `iat`, `exp`, `jti` and `events` — a JSON object
/// Apple sends as a string — with `type`, `sub`, `event_time` (milliseconds), `email` and
/// `is_private_email`.
///
/// Apple delivers a notification again until the endpoint answers 200, for as long as the payload
/// lasts (`exp`, a day after `iat` in the payloads Apple sends): any payload that has not expired
/// is read, however long ago it was issued.
struct ServerNotificationReader: Sendable {
    /// What a verified notification says.
    struct Notice: Sendable, Equatable {
        let event: AppleAccountNotification.Event
        let userID: String
        let eventTime: Date
        let email: String?
        let isPrivateEmail: Bool?
        /// The same for every delivery of the event and for no other: the SHA-256 of its `jti`, or
        /// of its type, user and event time when it has none. A digest, so that what is kept of it
        /// has one size whatever the payload said.
        let identity: String
    }

    /// The largest body accepted; Apple's are about 1 KB.
    static let maximumBodySize = 16 * 1024

    let verifier: IdentityTokenVerifier
    let clientIDs: [String]
    let leeway: TimeInterval
    let now: @Sendable () -> Date

    /// The notice in `body`, or why it is refused (`.cannotVerifyNow` when Apple's keys cannot be fetched).
    func read(_ body: Data) async throws(AuthenticationError) -> Notice {
        guard body.count <= Self.maximumBodySize, let envelope = JSONValue.object(from: Array(body)),
            let payload = envelope["payload"]?.string, let jws = CompactJWS(payload)
        else { throw .invalidNotification(.malformed) }
        do {
            _ = try await verifier.checkSignature(of: jws)
        } catch {
            if case .cannotVerifyNow = error { throw error }
            throw .invalidNotification(.badSignature)
        }
        let claims = jws.claims
        guard claims["iss"]?.string == ClaimRules.appleIssuer else { throw .invalidNotification(.wrongIssuer) }
        let audiences: [String] =
            switch claims["aud"] {
            case .string(let audience)?: [audience]
            case .array(let values)?: values.compactMap(\.string)
            default: []
            }
        guard audiences.contains(where: clientIDs.contains) else { throw .invalidNotification(.wrongAudience) }
        guard let issuedAt = claims["iat"]?.number, let expiresAt = claims["exp"]?.number else { throw .invalidNotification(.malformed) }
        let seconds = now().timeIntervalSince1970
        guard issuedAt <= seconds + leeway, seconds <= expiresAt + leeway else { throw .invalidNotification(.stale) }
        let tokenID: String?
        switch claims["jti"] {
        case nil, .null?: tokenID = nil
        case .string(let text)? where !text.isEmpty: tokenID = text
        default: throw .invalidNotification(.malformed)
        }
        return try Self.notice(in: claims["events"], tokenID: tokenID)
    }

    static func notice(in value: JSONValue?, tokenID: String?) throws(AuthenticationError) -> Notice {
        // Apple documents an object and sends a string holding one: both are read.
        let events: [String: JSONValue]
        switch value {
        case .string(let text)?:
            guard let object = JSONValue.object(from: Array(text.utf8)) else { throw .invalidNotification(.malformed) }
            events = object
        case .object(let object)?:
            events = object
        default:
            throw .invalidNotification(.malformed)
        }
        guard let type = events["type"]?.string, let subject = events["sub"]?.string, !subject.isEmpty else {
            throw .invalidNotification(.malformed)
        }
        // Apple's pages name account deletion both "account-delete" and "account-deleted".
        guard let event = AppleAccountNotification.Event(rawValue: type == "account-deleted" ? "account-delete" : type) else {
            throw .invalidNotification(
                .unknownEvent(String(type.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(64))))
        }
        let milliseconds: Double? =
            switch events["event_time"] {
            case .number(let number)?: number
            case .string(let text)?: Double(text)
            default: nil
            }
        guard let milliseconds, milliseconds.isFinite, abs(milliseconds) < 1e15 else { throw .invalidNotification(.malformed) }
        let isPrivateEmail: Bool? =
            switch events["is_private_email"] {
            case .bool(let flag)?: flag
            case .string("true")?: true
            case .string("false")?: false
            default: nil
            }
        // Names that cannot occur in the other form, so that the two never coincide.
        let identity = tokenID.map { "jti \($0)" } ?? "event \(event.rawValue) \(subject) \(Int64(milliseconds))"
        return Notice(
            event: event, userID: subject, eventTime: Date(timeIntervalSince1970: milliseconds / 1000),
            email: events["email"]?.string, isPrivateEmail: isPrivateEmail, identity: SHA256.hexDigest(identity))
    }
}
