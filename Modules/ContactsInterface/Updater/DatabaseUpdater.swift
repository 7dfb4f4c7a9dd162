import Reactive

/// Brings the database up to date with remote config.
public protocol DatabaseUpdater: AnyObject, Sendable {
    /// When subscribed, fetches remote config and stores what changed; emits an `.error` element for a failure and nothing else.
    ///
    /// Generic so that its events merge into any stream of results (`Event<[SellerContacts]>`):
    /// it never emits a `.next` element. A sync subscribed while another runs completes at once.
    func sync<T>() -> Observable<Event<T>>

    /// While subscribed, stores the contacts of every template published on the server (remote
    /// config's real-time updates); emits an `.error` element for a failure and nothing else.
    ///
    /// Not in the tutorial, whose screen syncs once; an updater without real-time updates keeps
    /// the default, which completes at once.
    func followUpdates<T>() -> Observable<Event<T>>
}

extension DatabaseUpdater {
    /// No real-time updates: completes at once.
    public func followUpdates<T>() -> Observable<Event<T>> {
        .empty()
    }
}
