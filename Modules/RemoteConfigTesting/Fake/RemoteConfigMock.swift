import RemoteConfigInterface

/// The Contacts tutorial's hand-driven mock, now `FakeRemoteConfig.answeredByHand(values:)`: one
/// fake records calls and holds handlers, or answers as the live client does.
@available(*, deprecated, message: "use FakeRemoteConfig.answeredByHand(values:), the same fake")
public final class RemoteConfigMock: FakeRemoteConfig, @unchecked Sendable {
    // @unchecked Sendable: it adds no state to FakeRemoteConfig, whose `Locked` state guards all.

    /// A mock that answers reads from `values` (remote), then the defaults, and nothing else on its own.
    public init(values: [String: RemoteConfigValue] = [:]) {
        super.init(answeringByHand: values)
    }
}
