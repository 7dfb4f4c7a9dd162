import Foundation

/// How long fetches (and Installations' requests) pause after the server answers 429 or 5xx: 2
/// minutes, doubling per consecutive failure up to 4 hours, with jitter so that many clients failing
/// together do not retry together.
struct BackoffPolicy: Sendable, Equatable {
    /// The nominal pause after the first failure.
    var initialDelay: TimeInterval = 2 * 60
    /// The longest nominal pause.
    var maximumDelay: TimeInterval = 4 * 60 * 60

    /// The pause after `failures` consecutive failures (1 for the first), for a `random` in [0, 1).
    ///
    /// Jitter spreads the pause evenly over half to one and a half times the nominal one, as
    /// Firebase's SDKs do (both ways: clients that all waited less would still return together).
    /// `random` in [0, 0.5) lengthens it by up to half, [0.5, 1) shortens it by up to half, so that
    /// `random == 0` gives the nominal pause exactly (tests inject it).
    func delay(afterFailures failures: Int, random: Double) -> TimeInterval {
        let exponent = Double(min(max(failures, 1) - 1, 30))
        let nominal = min(initialDelay * pow(2, exponent), maximumDelay)
        let jitter = min(max(random, 0), 1)
        return nominal * (jitter < 0.5 ? 1 + jitter : jitter)
    }
}

/// A running back-off: how many 429/5xx answers came in a row and when fetches may resume.
struct BackoffState: Codable, Sendable, Equatable {
    /// Consecutive 429/5xx answers.
    var failures: Int
    /// The first moment a fetch may reach the network again.
    var until: Date
}
