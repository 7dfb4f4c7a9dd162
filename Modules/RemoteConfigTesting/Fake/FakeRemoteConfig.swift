import Foundation
import Reactive
import RemoteConfigInterface

/// Remote config in memory, for tests and the app's `--fake` mode: one fake that either behaves
/// like the live client against a pretend server, or answers nothing until the test does (the
/// Contacts tutorial's `RemoteConfigMock`). Either way it records what it was asked.
///
/// Made with `init(serverValues:activeValues:defaults:now:)`, it answers like the live client
/// without a network: a fetch copies `serverValues` (unless the minimum interval has not passed or
/// `fetchError` is set), activation makes them active, `publish(_:)` plays a real-time update, and
/// the statuses are Firebase's. Made with `answeredByHand(values:)`, `fetchAndActivate`, `fetch`
/// and `activate` only keep their handler (`completionHandler`, `fetchCompletionHandler`,
/// `activateCompletion`) for the test to call, and reads answer from `values`, then the defaults.
/// In both, `answerFetchAndActivate(_:_:)` (and its siblings) make later calls answer at once as
/// given, and the flags and counts (`isFetchAndActivate`, `fetchAndActivateCallCount`, …) say what
/// was called. Handlers run synchronously on the caller's thread, outside the fake's lock.
public class FakeRemoteConfig: RemoteConfigProtocol, @unchecked Sendable {
    // @unchecked Sendable: a class its deprecated subclass `RemoteConfigMock` extends; every mutable
    // value sits in `state`, a `Locked`, and the subjects are thread-safe.
    private struct State {
        var answersByHand: Bool
        var serverValues: [String: String] = [:]
        var fetched: [String: String]?
        var values: [String: RemoteConfigValue]
        var defaults: [String: RemoteConfigDefaultValue]
        var fetchError: (any Error)?
        var fetchCount = 0
        var configSettings = RemoteConfigSettings()
        var lastFetchStatus = RemoteConfigFetchStatus.noFetchYet
        var lastFetchTime: Date?
        var customSignals: [String: String] = [:]
        // What was asked, as the tutorial's mock records it.
        var isFetchAndActivate = false
        var isSubscript = false
        var isFetch = false
        var isActivate = false
        var completionHandler: RemoteConfigFetchAndActivateCompletion?
        var fetchCompletionHandler: RemoteConfigFetchCompletion?
        var activateCompletion: RemoteConfigActivateCompletion?
        var fetchAndActivateCallCount = 0
        var fetchExpirationDurations: [TimeInterval] = []
        var activateCallCount = 0
        var valueReadCount = 0
        var fetchAndActivateAnswer: (RemoteConfigFetchAndActivateStatus, (any Error)?)?
        var fetchAnswer: (RemoteConfigFetchStatus, (any Error)?)?
        var activateAnswer: (Bool, (any Error)?)?
    }

    /// What a fetch found: the error, or whether the network (pretend) was reached.
    private enum FetchOutcome {
        case failed(any Error)
        case fetched
        case usedCache
    }

    // Shared by the app's threads or a test and the code under test; every read and write holds it.
    private let state: Locked<State>
    private let activated = PublishSubject<RemoteConfigUpdate>()
    private let realtime = PublishSubject<RemoteConfigUpdate>()
    private let realtimeFailures = PublishSubject<RemoteConfigError>()
    private let now: @Sendable () -> Date

    /// A fake whose server holds `serverValues`, with `activeValues` already active, and the clock
    /// `now`: it answers as the live client does.
    public init(
        serverValues: [String: String] = [:],
        activeValues: [String: String] = [:],
        defaults: [String: RemoteConfigDefaultValue] = [:],
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        var initial = State(answersByHand: false, values: Self.remoteValues(activeValues), defaults: defaults)
        initial.serverValues = serverValues
        state = Locked(initial)
        self.now = now
    }

    /// A fake that answers nothing on its own (the Contacts tutorial's mock), reading from `values`.
    init(answeringByHand values: [String: RemoteConfigValue]) {
        state = Locked(State(answersByHand: true, values: values, defaults: [:]))
        now = Date.init
    }

    /// A fake whose fetches and activations wait for the test to call their handler (or answer as
    /// `answerFetchAndActivate(_:_:)` and its siblings say), and whose reads answer from `values`,
    /// then the defaults: the Contacts tutorial's `RemoteConfigMock`.
    public static func answeredByHand(values: [String: RemoteConfigValue] = [:]) -> FakeRemoteConfig {
        FakeRemoteConfig(answeringByHand: values)
    }

    /// A fake whose server holds the sample template (seller contacts and a menu).
    public static func sample() -> FakeRemoteConfig {
        FakeRemoteConfig(serverValues: RemoteConfigSample.entries)
    }

    // MARK: The pretend server

    /// What the pretend server holds; the next fetch that reaches it brings these values.
    public var serverValues: [String: String] {
        get { state.withLock { $0.serverValues } }
        set { state.withLock { $0.serverValues = newValue } }
    }

    /// When set, fetches that would reach the server fail with this error instead.
    public var fetchError: (any Error)? {
        get { state.withLock { $0.fetchError } }
        set { state.withLock { $0.fetchError = newValue } }
    }

    /// How many fetches reached the pretend server (or failed trying).
    public var fetchCount: Int {
        state.withLock { $0.fetchCount }
    }

    /// The active values that reads answer with (a test may set them).
    public var values: [String: RemoteConfigValue] {
        get { state.withLock { $0.values } }
        set { state.withLock { $0.values = newValue } }
    }

    /// The defaults last set.
    public var defaults: [String: RemoteConfigDefaultValue] {
        state.withLock { $0.defaults }
    }

    // MARK: What was asked

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
        state.withLock { $0.fetchExpirationDurations.last }
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

    // MARK: Updates a test sends

    /// Sends an update to `activations` subscribers, as an activation that changed values would.
    public func sendActivation(_ update: RemoteConfigUpdate) {
        activated.onNext(update)
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

    /// Publishes `values` on the pretend server, as a real-time listener sees a new template: the
    /// values are fetched at once (whatever the minimum interval), not activated, and when they
    /// differ from the active ones, real-time subscribers get the update naming the keys that
    /// differ; they activate if they want the values (as with Firebase).
    public func publish(_ values: [String: String]) {
        let update = state.withLock { state -> RemoteConfigUpdate? in
            state.serverValues = values
            guard case .fetched = fetch(&state, expiration: 0), let fetched = state.fetched else { return nil }
            let update = RemoteConfigUpdate(changesFrom: Self.strings(state.values), to: fetched)
            return update.updatedKeys.isEmpty ? nil : update
        }
        guard let update else { return }
        realtime.onNext(update)
    }

    // MARK: RemoteConfigProtocol

    /// Settings; `minimumFetchInterval` is honoured against the injected clock.
    public var configSettings: RemoteConfigSettings {
        get { state.withLock { $0.configSettings } }
        set { state.withLock { $0.configSettings = newValue } }
    }

    /// The outcome of the latest fetch that was attempted (a test may set it).
    public var lastFetchStatus: RemoteConfigFetchStatus {
        get { state.withLock { $0.lastFetchStatus } }
        set { state.withLock { $0.lastFetchStatus = newValue } }
    }

    /// When the last successful fetch happened, by the injected clock (a test may set it).
    public var lastFetchTime: Date? {
        get { state.withLock { $0.lastFetchTime } }
        set { state.withLock { $0.lastFetchTime = newValue } }
    }

    /// Fetches and activates; `.successFetchedFromRemote` when the fetch reached the pretend server.
    public func fetchAndActivate(completionHandler: RemoteConfigFetchAndActivateCompletion?) {
        let (answer, byHand) = state.withLock {
            $0.isFetchAndActivate = true
            $0.fetchAndActivateCallCount += 1
            $0.completionHandler = completionHandler
            return ($0.fetchAndActivateAnswer, $0.answersByHand)
        }
        if let answer {
            completionHandler?(answer.0, answer.1)
            return
        }
        guard !byHand else { return }
        fetchAndActivate(expiration: configSettings.minimumFetchInterval, completionHandler: completionHandler)
    }

    /// Fetches whatever the minimum interval, then activates; the statuses are `fetchAndActivate`'s
    /// (by hand: a fetch with expiration 0, then an activation, each waiting for the test).
    public func fetchNowAndActivate(completionHandler: RemoteConfigFetchAndActivateCompletion?) {
        guard !state.withLock({ $0.answersByHand }) else {
            fetchWithExpirationZeroThenActivate(completionHandler: completionHandler)
            return
        }
        fetchAndActivate(expiration: 0, completionHandler: completionHandler)
    }

    private func fetchAndActivate(expiration: TimeInterval, completionHandler: RemoteConfigFetchAndActivateCompletion?) {
        let (outcome, pending, update) = state.withLock { state -> (FetchOutcome, Bool, RemoteConfigUpdate?) in
            let outcome = fetch(&state, expiration: expiration)
            if case .failed = outcome { return (outcome, false, nil) }
            let pending = state.fetched.map { $0 != Self.strings(state.values) } ?? false
            return (outcome, pending, activate(&state))
        }
        // Subscribers hear the update before the handler runs, as with the live client, and outside
        // the lock: a subscriber may read the fake.
        if let update { activated.onNext(update) }
        switch outcome {
        case .failed(let error): completionHandler?(.error, error)
        case .fetched: completionHandler?(.successFetchedFromRemote, nil)
        case .usedCache: completionHandler?(pending ? .successFetchedFromRemote : .successUsingPreFetchedData, nil)
        }
    }

    /// Copies the server values unless the last successful fetch is younger than `expirationDuration`.
    public func fetch(withExpirationDuration expirationDuration: TimeInterval, completionHandler: RemoteConfigFetchCompletion?) {
        let (answer, outcome) = state.withLock { state -> ((RemoteConfigFetchStatus, (any Error)?)?, FetchOutcome?) in
            state.isFetch = true
            state.fetchExpirationDurations.append(expirationDuration)
            state.fetchCompletionHandler = completionHandler
            if let answer = state.fetchAnswer { return (answer, nil) }
            return (nil, state.answersByHand ? nil : fetch(&state, expiration: expirationDuration))
        }
        if let answer {
            completionHandler?(answer.0, answer.1)
            return
        }
        switch outcome {
        case .failed(let error): completionHandler?(.failure, error)
        case .fetched, .usedCache: completionHandler?(.success, nil)
        case nil: break
        }
    }

    /// Makes the fetched values active.
    public func activate(completion: RemoteConfigActivateCompletion?) {
        let (answer, update, byHand) = state.withLock { state -> ((Bool, (any Error)?)?, RemoteConfigUpdate?, Bool) in
            state.isActivate = true
            state.activateCallCount += 1
            state.activateCompletion = completion
            if let answer = state.activateAnswer { return (answer, nil, state.answersByHand) }
            return (nil, state.answersByHand ? nil : activate(&state), state.answersByHand)
        }
        if let answer {
            completion?(answer.0, answer.1)
            return
        }
        guard !byHand else { return }
        if let update { activated.onNext(update) }
        completion?(update != nil, nil)
    }

    /// Records the read and answers with the active value, else the default, else the empty static value.
    public func configValue(forKey key: String) -> RemoteConfigValue {
        state.withLock { state in
            state.isSubscript = true
            state.valueReadCount += 1
            if let value = state.values[key] { return value }
            if let value = state.defaults[key] { return RemoteConfigValue(data: value.data, source: .default) }
            return .empty
        }
    }

    /// Records the read and answers from the one source.
    public func configValue(forKey key: String, source: RemoteConfigSource) -> RemoteConfigValue {
        state.withLock { state in
            state.isSubscript = true
            state.valueReadCount += 1
            switch source {
            case .remote: return state.values[key] ?? .empty
            case .default: return state.defaults[key].map { RemoteConfigValue(data: $0.data, source: .default) } ?? .empty
            case .static: return .empty
            }
        }
    }

    /// The active or default keys, sorted.
    public func allKeys(from source: RemoteConfigSource) -> [String] {
        state.withLock { state in
            switch source {
            case .remote: state.values.keys.sorted()
            case .default: state.defaults.keys.sorted()
            case .static: []
            }
        }
    }

    /// Replaces the defaults.
    public func setDefaults(_ defaults: [String: RemoteConfigDefaultValue]) {
        state.withLock { $0.defaults = defaults }
    }

    /// The default for `key`.
    public func defaultValue(forKey key: String) -> RemoteConfigValue? {
        state.withLock { $0.defaults[key].map { RemoteConfigValue(data: $0.data, source: .default) } }
    }

    /// Every activation that changed active values, and what `sendActivation` sends.
    public var activations: Observable<RemoteConfigUpdate> {
        activated.asObservable()
    }

    /// Merges the signals into the ones kept in memory, within Firebase's limits.
    public func setCustomSignals(_ customSignals: [String: CustomSignalValue?]) async throws {
        try state.withLock { state throws in
            state.customSignals = try CustomSignals.merge(customSignals, into: state.customSignals)
        }
    }

    /// The custom signals set so far.
    public var customSignals: [String: String] {
        state.withLock { $0.customSignals }
    }

    /// Real-time updates: what `publish(_:)` and `sendRealtimeUpdate(_:)` bring.
    public var realtimeUpdates: Observable<RemoteConfigUpdate> {
        realtime.asObservable()
    }

    /// What `sendRealtimeUpdateFailure(_:)` sends.
    public var realtimeUpdateFailures: Observable<RemoteConfigError> {
        realtimeFailures.asObservable()
    }

    // MARK: Steps, run while holding the state's lock

    private func fetch(_ state: inout State, expiration: TimeInterval) -> FetchOutcome {
        let time = now()
        if let last = state.lastFetchTime, time.timeIntervalSince(last) < expiration { return .usedCache }
        state.fetchCount += 1
        if let error = state.fetchError {
            state.lastFetchStatus = .failure
            return .failed(error)
        }
        state.fetched = state.serverValues
        state.lastFetchStatus = .success
        state.lastFetchTime = time
        return .fetched
    }

    /// Makes the fetched values active; the update when any active value changed.
    private func activate(_ state: inout State) -> RemoteConfigUpdate? {
        guard let fetched = state.fetched else { return nil }
        let update = RemoteConfigUpdate(changesFrom: Self.strings(state.values), to: fetched)
        state.values = Self.remoteValues(fetched)
        return update.updatedKeys.isEmpty ? nil : update
    }

    private static func remoteValues(_ strings: [String: String]) -> [String: RemoteConfigValue] {
        strings.mapValues { RemoteConfigValue(string: $0, source: .remote) }
    }

    private static func strings(_ values: [String: RemoteConfigValue]) -> [String: String] {
        values.mapValues(\.stringValue)
    }
}
