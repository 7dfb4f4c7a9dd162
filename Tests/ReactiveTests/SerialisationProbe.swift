import Synchronization

/// Records values delivered to an observer from several threads: how many arrived, and whether two
/// deliveries ever overlapped (which an operator that serialises its events must never allow).
final class SerialisationProbe: Sendable {
    private let inside = Atomic<Int>(0)
    private let overlapCount = Atomic<Int>(0)
    private let deliveredCount = Atomic<Int>(0)
    private let invalidCount = Atomic<Int>(0)

    /// Call from the observer for each value; `valid` says whether the value was what the test expects.
    func record(valid: Bool = true) {
        if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
            overlapCount.add(1, ordering: .relaxed)
        }
        deliveredCount.add(1, ordering: .relaxed)
        if !valid { invalidCount.add(1, ordering: .relaxed) }
        inside.subtract(1, ordering: .acquiringAndReleasing)
    }

    /// How many values arrived.
    var delivered: Int { deliveredCount.load(ordering: .acquiring) }

    /// How many values were not what the test expects.
    var invalid: Int { invalidCount.load(ordering: .acquiring) }

    /// How many deliveries started while another was still running.
    var overlaps: Int { overlapCount.load(ordering: .acquiring) }
}
