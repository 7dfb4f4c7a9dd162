import Reactive

/// Where the catalog comes from (seed 001's injected service, for the menu).
public protocol MenuService: Sendable {
    /// The catalog as stored, now and after every change, while a refresh from the remote source runs.
    ///
    /// As in seed 000 the elements are events, so a failure does not end the stream: `.next` carries
    /// the catalog (counts 0), `.error` a `MenuError`; a `.completed` element, if any, means nothing.
    func fetchMenu() -> Observable<Event<[Menu]>>
}
