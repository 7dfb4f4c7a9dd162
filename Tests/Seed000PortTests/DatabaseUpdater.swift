import Reactive

/// The tutorial's updater: brings the database up to date with remote config.
protocol DatabaseUpdater: AnyObject, Sendable {
    /// When subscribed, fetches remote config and stores what changed; emits an `.error` element for
    /// a failure and nothing else.
    ///
    /// Generic so that its events merge into any stream of results (`Event<[SellerContacts]>`): it
    /// never emits a `.next` element. A sync subscribed while another runs completes at once.
    func sync<T>() -> Observable<Event<T>>
}
