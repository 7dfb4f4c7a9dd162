/// The moment an exchange must be over by, whatever the server does.
struct Deadline: Sendable {
    /// The timeout it was made from, for the error that reports it.
    let seconds: Double
    private let instant: ContinuousClock.Instant

    /// The deadline `seconds` from now.
    init(seconds: Double) {
        self.seconds = seconds
        instant = ContinuousClock.now + .nanoseconds(Int64((max(seconds, 0) * 1e9).rounded(.up)))
    }

    private init(seconds: Double, instant: ContinuousClock.Instant) {
        self.seconds = seconds
        self.instant = instant
    }

    /// The earlier of this deadline and `seconds` from now, reported as this one when it passes.
    func capped(atMost seconds: Double) -> Deadline {
        Deadline(seconds: self.seconds, instant: min(instant, ContinuousClock.now + .milliseconds(Int64(seconds * 1000))))
    }

    /// Whether it has passed.
    var hasPassed: Bool { ContinuousClock.now >= instant }

    /// The time left, in whole milliseconds rounded up (as `poll` takes it); 0 once passed.
    var remainingMilliseconds: Int32 {
        let left = instant - ContinuousClock.now
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}

/// How reading or writing a connection failed, before the exchange says what that means for it.
enum StreamFailure: Error {
    /// The deadline passed.
    case timedOut
    /// A system call failed with this `errno`.
    case system(Int32)
    /// TLS failed, in OpenSSL's words.
    case tls(String)
}
