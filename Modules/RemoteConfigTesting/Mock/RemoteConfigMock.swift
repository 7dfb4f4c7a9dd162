import Foundation
import Reactive
import RemoteConfigInterface

/// The Contacts tutorial's hand-driven mock: it records what was called and holds the completion
/// handlers, so a test decides when and how a fetch ends
/// (`remoteConfig.completionHandler?(.successFetchedFromRemote, nil)`).
///
/// Nothing happens on its own: `fetchAndActivate` only stores the handler and sets `isFetchAndActivate`;
/// reading a value sets `isSubscript` and answers from `values`, then the defaults. Beyond the
/// tutorial's flags it counts the calls, and `answerFetchAndActivate(_:_:)` (and its siblings) make
/// later calls answer at once, for code that calls more than once.
public final class RemoteConfigMock: RemoteConfigProtocol {
    private struct State {
        var isFetchAndActivate = false
        var isSubscript = false
        var isFetch = false
        var isActivate = false
        var completionHandler: RemoteConfigFetchAndActivateCompletion?
        var fetchCompletionHandler: RemoteConfigFetchCompletion?
        var activateCompletion: RemoteConfigActivateCompletion?
        var lastFetchExpirationDuration: TimeInterval?
        var values: [String: RemoteConfigValue] = [:]
        var defaults: [String: RemoteConfigDefaultValue] = [:]
        var configSettings = RemoteConfigSettings()
        var lastFetchStatus = RemoteConfigFetchStatus.noFetchYet
        var lastFetchTime: Date?
        var fetchAndActivateCallCount = 0
        var fetchExpirationDurations: [TimeInterval] = []
        var activateCallCount = 0
        var valueReadCount = 0
        var fetchAndActivateAnswer: (RemoteConfigFetchAndActivateStatus, (any Error)?)?
        var fetchAnswer: (RemoteConfigFetchStatus, (any Error)?)?
        var activateAnswer: (Bool, (any Error)?)?
        var customSignals: [String: String] = [:]
    }

    // The mock is shared between the test and the code under test, which may call it from a scheduler's thread.
    private let state: Locked<State>
    private let updates = PublishSubject<RemoteConfigUpdate>()
    private let realtime = PublishSubject<RemoteConfigUpdate>()
    private let realtimeFailures = PublishSubject<RemoteConfigError>()

    /// A mock that answers reads from `values` (remote), then the defaults.
    public init(values: [String: RemoteConfigValue] = [:]) {
        state = Locked(State(values: values))
    }

    /// Whether `fetchAndActivate` was called; a test resets it between steps.
    public var isFetchAndActivate: Bool {
        get { state.withLock { $0.isFetchAndActivate } }
        set { state.withLock { $0.isFetchAndActivate = newValue } }
    }

    /// Whether a value was read (subscript or `configValue`); a test resets it between steps.
    public var isSubscript: Bool {
        get { state.withLock { $0.isSubscript } }
        set { state.withLock { $0.isSubscript = newValue } }
    }

    /// Whether `fetch` was called.
    public var isFetch: Bool {
        get { state.withLock { $0.isFetch } }
        set { state.withLock { $0.isFetch = newValue } }
    }

    /// Whether `activate` was called.
    public var isActivate: Bool {
        get { state.withLock { $0.isActivate } }
        set { state.withLock { $0.isActivate = newValue } }
    }

    /// The handler of the latest `fetchAndActivate`; the test calls it to end that fetch.
    public var completionHandler: RemoteConfigFetchAndActivateCompletion? {
        get { state.withLock { $0.completionHandler } }
        set { state.withLock { $0.completionHandler = newValue } }
    }

    /// The handler of the latest `fetch`; the test calls it to end that fetch.
    public var fetchCompletionHandler: RemoteConfigFetchCompletion? {
        get { state.withLock { $0.fetchCompletionHandler } }
        set { state.withLock { $0.fetchCompletionHandler = newValue } }
    }

    /// The handler of the latest `activate`; the test calls it to end that activation.
    public var activateCompletion: RemoteConfigActivateCompletion? {
        get { state.withLock { $0.activateCompletion } }
        set { state.withLock { $0.activateCompletion = newValue } }
    }

    /// The expiration duration the latest `fetch` asked for.
    public var lastFetchExpirationDuration: TimeInterval? {
        state.withLock { $0.lastFetchExpirationDuration }
    }

    /// How many times `fetchAndActivate` was called.
    public var fetchAndActivateCallCount: Int {
        state.withLock { $0.fetchAndActivateCallCount }
    }

    /// The expiration duration of every `fetch`, in call order.
    public var fetchExpirationDurations: [TimeInterval] {
        state.withLock { $0.fetchExpirationDurations }
    }

    /// How many times `activate` was called.
    public var activateCallCount: Int {
        state.withLock { $0.activateCallCount }
    }

    /// How many values were read (subscript or `configValue`).
    public var valueReadCount: Int {
        state.withLock { $0.valueReadCount }
    }

    /// Makes every later `fetchAndActivate` answer at once with `status` and `error` (the handler is still kept).
    public func answerFetchAndActivate(_ status: RemoteConfigFetchAndActivateStatus, _ error: (any Error)? = nil) {
        state.withLock { $0.fetchAndActivateAnswer = (status, error) }
    }

    /// Makes every later `fetch` answer at once with `status` and `error`.
    public func answerFetch(_ status: RemoteConfigFetchStatus, _ error: (any Error)? = nil) {
        state.withLock { $0.fetchAnswer = (status, error) }
    }

    /// Makes every later `activate` answer at once with `changed` and `error`.
    public func answerActivate(_ changed: Bool, _ error: (any Error)? = nil) {
        state.withLock { $0.activateAnswer = (changed, error) }
    }

    /// The remote values that reads answer with.
    public var values: [String: RemoteConfigValue] {
        get { state.withLock { $0.values } }
        set { state.withLock { $0.values = newValue } }
    }

    /// The defaults last set.
    public var defaults: [String: RemoteConfigDefaultValue] {
        state.withLock { $0.defaults }
    }

    /// Sends an update to `activations` subscribers, as an activation that changed values would.
    public func sendActivation(_ update: RemoteConfigUpdate) {
        updates.onNext(update)
    }

    /// Sends a real-time update (a template published by hand) to `realtimeUpdates` subscribers.
    public func sendRealtimeUpdate(_ update: RemoteConfigUpdate) {
        realtime.onNext(update)
    }

    /// Sends `error` to `realtimeUpdateFailures` subscribers, as a listener that could not fetch a
    /// published version does (`.updateNotFetched`); `realtimeUpdates` goes on.
    public func sendRealtimeUpdateFailure(_ error: RemoteConfigError) {
        realtimeFailures.onNext(error)
    }

    /// Ends `realtimeUpdates` with `error`, as a listener that cannot go on does.
    public func failRealtimeUpdates(_ error: RemoteConfigError) {
        realtime.onError(error)
    }

    // MARK: RemoteConfigProtocol

    /// Settings, stored and returned as set.
    public var configSettings: RemoteConfigSettings {
        get { state.withLock { $0.configSettings } }
        set { state.withLock { $0.configSettings = newValue } }
    }

    /// The status a test set (`.noFetchYet` at first).
    public var lastFetchStatus: RemoteConfigFetchStatus {
        get { state.withLock { $0.lastFetchStatus } }
        set { state.withLock { $0.lastFetchStatus = newValue } }
    }

    /// The time a test set (`nil` at first).
    public var lastFetchTime: Date? {
        get { state.withLock { $0.lastFetchTime } }
        set { state.withLock { $0.lastFetchTime = newValue } }
    }

    /// Records the call and keeps the handler for the test to fire (or, after
    /// `answerFetchAndActivate`, calls it at once, outside the lock).
    public func fetchAndActivate(completionHandler: RemoteConfigFetchAndActivateCompletion?) {
        let answer = state.withLock {
            $0.isFetchAndActivate = true
            $0.fetchAndActivateCallCount += 1
            $0.completionHandler = completionHandler
            return $0.fetchAndActivateAnswer
        }
        if let answer { completionHandler?(answer.0, answer.1) }
    }

    /// Records the call and keeps the handler for the test to fire (or answers as `answerFetch` set).
    public func fetch(withExpirationDuration expirationDuration: TimeInterval, completionHandler: RemoteConfigFetchCompletion?) {
        let answer = state.withLock {
            $0.isFetch = true
            $0.lastFetchExpirationDuration = expirationDuration
            $0.fetchExpirationDurations.append(expirationDuration)
            $0.fetchCompletionHandler = completionHandler
            return $0.fetchAnswer
        }
        if let answer { completionHandler?(answer.0, answer.1) }
    }

    /// Records the call and keeps the handler for the test to fire (or answers as `answerActivate` set).
    public func activate(completion: RemoteConfigActivateCompletion?) {
        let answer = state.withLock {
            $0.isActivate = true
            $0.activateCallCount += 1
            $0.activateCompletion = completion
            return $0.activateAnswer
        }
        if let answer { completion?(answer.0, answer.1) }
    }

    /// Records the read and answers from `values`, then the defaults.
    public subscript(key: String) -> RemoteConfigValue {
        configValue(forKey: key)
    }

    /// Records the read and answers from `values`, then the defaults.
    public func configValue(forKey key: String) -> RemoteConfigValue {
        state.withLock {
            $0.isSubscript = true
            $0.valueReadCount += 1
            if let value = $0.values[key] { return value }
            if let value = $0.defaults[key] { return RemoteConfigValue(data: value.data, source: .default) }
            return .empty
        }
    }

    /// Records the read and answers from the one source.
    public func configValue(forKey key: String, source: RemoteConfigSource) -> RemoteConfigValue {
        state.withLock {
            $0.isSubscript = true
            $0.valueReadCount += 1
            switch source {
            case .remote: return $0.values[key] ?? .empty
            case .default: return $0.defaults[key].map { RemoteConfigValue(data: $0.data, source: .default) } ?? .empty
            case .static: return .empty
            }
        }
    }

    /// The keys of `values` or of the defaults, sorted.
    public func allKeys(from source: RemoteConfigSource) -> [String] {
        state.withLock {
            switch source {
            case .remote: $0.values.keys.sorted()
            case .default: $0.defaults.keys.sorted()
            case .static: []
            }
        }
    }

    /// Stores the defaults.
    public func setDefaults(_ defaults: [String: RemoteConfigDefaultValue]) {
        state.withLock { $0.defaults = defaults }
    }

    /// The stored default for `key`.
    public func defaultValue(forKey key: String) -> RemoteConfigValue? {
        state.withLock { $0.defaults[key].map { RemoteConfigValue(data: $0.data, source: .default) } }
    }

    /// What `sendActivation` sends.
    public var activations: Observable<RemoteConfigUpdate> {
        updates.asObservable()
    }

    /// Records the signals (merged within Firebase's limits) for the test to read.
    public func setCustomSignals(_ customSignals: [String: CustomSignalValue?]) async throws {
        try state.withLock { state throws in
            state.customSignals = try CustomSignals.merge(customSignals, into: state.customSignals)
        }
    }

    /// The custom signals set so far.
    public var customSignals: [String: String] {
        state.withLock { $0.customSignals }
    }

    /// What `sendRealtimeUpdate` sends.
    public var realtimeUpdates: Observable<RemoteConfigUpdate> {
        realtime.asObservable()
    }

    /// What `sendRealtimeUpdateFailure` sends.
    public var realtimeUpdateFailures: Observable<RemoteConfigError> {
        realtimeFailures.asObservable()
    }
}
