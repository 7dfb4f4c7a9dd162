import Reactive

/// Where the catalog comes from (the ReSwift middleware tutorial's injected service, for the menu).
///
/// As in the single-source-of-truth tutorial the stream's elements are events, so a failure does not end it: `.next` carries
/// the catalog (counts 0), `.error` a `MenuError`; a `.completed` element, if any, means nothing.
public protocol MenuService: Sendable {
    /// The catalog as stored, now and after every change, while a refresh from the remote source runs.
    func fetchMenu() -> Observable<Event<[MenuItem]>>
}
