import Dependencies
import Reactive

extension MenuClient {
    /// Every endpoint reports "Unimplemented: 'MenuClient.<endpoint>'" and fails (or, for the
    /// sequences, ends at once): set only what a test expects to be called.
    public static let unimplemented = MenuClient(
        menus: { unimplementedSequence("MenuClient.menus") },
        keepInStep: { unimplementedSequence("MenuClient.keepInStep") },
        selectionChanges: { unimplementedSequence("MenuClient.selectionChanges") },
        acknowledge: { _ in (unimplementedSequence("MenuClient.acknowledge") as Observable<Never>).asCompletable() },
        changeCount: { _, _ in unimplementedSequence("MenuClient.changeCount").asSingle() },
        clearSelection: { unimplementedSequence("MenuClient.clearSelection").asSingle() },
        placeOrder: { unimplementedSequence("MenuClient.placeOrder").asSingle() }
    )

    /// A sequence that reports the issue when it is subscribed to, then fails with `UnimplementedFailure`.
    private static func unimplementedSequence<Element>(_ name: String) -> Observable<Element> {
        let endpoint: @Sendable () throws -> Element = Dependencies.unimplemented(name)
        return .deferred { .just(try endpoint()) }
    }
}

extension MenuClient: DependencyKey {
    /// `.unimplemented`: the interface holds no implementation; the plugin installs `MenuClient.live(...)` from `Menu`.
    public static var liveValue: MenuClient { .unimplemented }
    /// `.unimplemented`, so that a test fails when it reaches an endpoint it did not set up.
    public static var testValue: MenuClient { .unimplemented }
}

extension DependencyValues {
    /// The menu's client: `@Dependency(\.menuClient)`.
    public var menuClient: MenuClient {
        get { self[MenuClient.self] }
        set { self[MenuClient.self] = newValue }
    }
}
