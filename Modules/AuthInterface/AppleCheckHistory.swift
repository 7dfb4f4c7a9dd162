import Foundation

/// How the daily check of the signed-in user's refresh token with Apple has gone: when Apple last
/// confirmed it, when Apple last could not be asked, and when the next check may be made.
public struct AppleCheckHistory: Sendable, Equatable {
    /// When Apple last confirmed the refresh token (the code exchange, then each daily check); nil
    /// when it never did.
    public var confirmedAt: Date?
    /// When a check last failed since that confirmation (Apple unreachable, or an answer that is
    /// neither a confirmation nor a revocation); nil when the last check went through.
    public var failedAt: Date?
    /// The earliest the next check is made (a day after a confirmation, an hour after a failure);
    /// nil when no check is made (no refresh token, or no developer's key to ask with).
    public var nextCheckAfter: Date?

    /// A history with the given times; with none, that of a user without a refresh token.
    public init(confirmedAt: Date? = nil, failedAt: Date? = nil, nextCheckAfter: Date? = nil) {
        self.confirmedAt = confirmedAt
        self.failedAt = failedAt
        self.nextCheckAfter = nextCheckAfter
    }
}
