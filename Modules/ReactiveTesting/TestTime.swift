/// A virtual time on a `TestScheduler`, in ticks.
public typealias TestTime = Int
