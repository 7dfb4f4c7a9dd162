import Foundation

/// How long fetches pause after the server answers 429 or 5xx: 2 minutes, doubling per consecutive
/// failure up to 4 hours, with jitter so that many clients failing together do not retry together.
struct BackoffPolicy: Sendable, Equatable {
    /// The nominal pause after the first failure.
    var initialDelay: TimeInterval = 2 * 60
    /// The longest nominal pause.
    var maximumDelay: TimeInterval = 4 * 60 * 60

    /// The pause after `failures` consecutive failures (1 for the first), for a `random` in [0, 1).
    ///
    /// Jitter only shortens the nominal delay, by up to half, so the pause never exceeds the 4-hour
    /// ceiling; `random == 0` gives the nominal delay exactly (tests inject it).
    func delay(afterFailures failures: Int, random: Double) -> TimeInterval {
        let exponent = Double(max(failures, 1) - 1)
        let nominal = min(initialDelay * pow(2, exponent), maximumDelay)
        let jitter = min(max(random, 0), 1)
        return nominal * (1 - 0.5 * jitter)
    }
}

/// A running back-off: how many 429/5xx answers came in a row and when fetches may resume.
struct BackoffState: Codable, Sendable, Equatable {
    /// Consecutive 429/5xx answers.
    var failures: Int
    /// The first moment a fetch may reach the network again.
    var until: Date
}
