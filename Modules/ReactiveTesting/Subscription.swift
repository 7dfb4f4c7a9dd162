/// When a test observable was subscribed to and when that subscription was disposed (`Int.max`: never).
public struct Subscription: Equatable, Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The virtual time of the subscription.
    public let subscribe: TestTime
    /// The virtual time of the disposal; `Int.max` while the subscription is still active.
    public let unsubscribe: TestTime

    /// A subscription at `subscribe` that was never disposed.
    public init(_ subscribe: TestTime) {
        self.init(subscribe, Int.max)
    }

    /// A subscription at `subscribe` disposed at `unsubscribe`.
    public init(_ subscribe: TestTime, _ unsubscribe: TestTime) {
        self.subscribe = subscribe
        self.unsubscribe = unsubscribe
    }

    /// The two times, as `(200 : 1000)`; a never-disposed subscription shows `(200 : Infinity)`.
    public var description: String {
        "(\(subscribe) : \(unsubscribe != Int.max ? String(unsubscribe) : "Infinity"))"
    }

    /// The two times, as `description`.
    public var debugDescription: String { description }
}
