import Foundation
import Reactive
import RemoteConfigInterface

/// The smallest conformance: it keeps each handler for the test to fire (or answers at once with a
/// preset result) and counts the calls, so the interface's own `.rx` and `async` forms can be tested
/// without the live client or the testing module.
final class HandFiredRemoteConfig: RemoteConfigProtocol {
    private struct State {
        var fetchAndActivateHandlers: [RemoteConfigFetchAndActivateCompletion] = []
        var fetchHandlers: [(TimeInterval, RemoteConfigFetchCompletion)] = []
        var activateHandlers: [RemoteConfigActivateCompletion] = []
        var settings = RemoteConfigSettings()
        var values: [String: String] = [:]
        var valueReads = 0
        var fetchAndActivateAnswer: (RemoteConfigFetchAndActivateStatus, (any Error)?)?
        var fetchAnswer: (RemoteConfigFetchStatus, (any Error)?)?
        var activateAnswer: (Bool, (any Error)?)?
    }

    private let state = Locked(State())
    private let updates = PublishSubject<RemoteConfigUpdate>()

    var fetchAndActivateCalls: Int { state.withLock { $0.fetchAndActivateHandlers.count } }
    var fetchExpirations: [TimeInterval] { state.withLock { $0.fetchHandlers.map(\.0) } }
    var valueReads: Int { state.withLock { $0.valueReads } }
    var activateCalls: Int { state.withLock { $0.activateHandlers.count } }

    /// Makes every later call answer at once with this result.
    func answerFetchAndActivate(_ status: RemoteConfigFetchAndActivateStatus, _ error: (any Error)? = nil) {
        state.withLock { $0.fetchAndActivateAnswer = (status, error) }
    }

    /// Makes every later call answer at once with this result.
    func answerFetch(_ status: RemoteConfigFetchStatus, _ error: (any Error)? = nil) {
        state.withLock { $0.fetchAnswer = (status, error) }
    }

    /// Makes every later call answer at once with this result.
    func answerActivate(_ changed: Bool, _ error: (any Error)? = nil) {
        state.withLock { $0.activateAnswer = (changed, error) }
    }

    func completeFetchAndActivate(_ status: RemoteConfigFetchAndActivateStatus, _ error: (any Error)? = nil) {
        state.withLock { $0.fetchAndActivateHandlers.last }?(status, error)
    }

    func completeFetch(_ status: RemoteConfigFetchStatus, _ error: (any Error)? = nil) {
        state.withLock { $0.fetchHandlers.last?.1 }?(status, error)
    }

    func completeActivate(_ changed: Bool, _ error: (any Error)? = nil) {
        state.withLock { $0.activateHandlers.last }?(changed, error)
    }

    func send(_ update: RemoteConfigUpdate) {
        updates.onNext(update)
    }

    var configSettings: RemoteConfigSettings {
        get { state.withLock { $0.settings } }
        set { state.withLock { $0.settings = newValue } }
    }

    var lastFetchStatus: RemoteConfigFetchStatus { .noFetchYet }
    var lastFetchTime: Date? { nil }

    func fetchAndActivate(completionHandler: RemoteConfigFetchAndActivateCompletion?) {
        let answer = state.withLock {
            $0.fetchAndActivateHandlers.append(completionHandler ?? { _, _ in })
            return $0.fetchAndActivateAnswer
        }
        if let answer { completionHandler?(answer.0, answer.1) }
    }

    func fetch(withExpirationDuration expirationDuration: TimeInterval, completionHandler: RemoteConfigFetchCompletion?) {
        let answer = state.withLock {
            $0.fetchHandlers.append((expirationDuration, completionHandler ?? { _, _ in }))
            return $0.fetchAnswer
        }
        if let answer { completionHandler?(answer.0, answer.1) }
    }

    func activate(completion: RemoteConfigActivateCompletion?) {
        let answer = state.withLock {
            $0.activateHandlers.append(completion ?? { _, _ in })
            return $0.activateAnswer
        }
        if let answer { completion?(answer.0, answer.1) }
    }

    func configValue(forKey key: String) -> RemoteConfigValue {
        state.withLock {
            $0.valueReads += 1
            return $0.values[key].map { RemoteConfigValue(string: $0, source: .remote) } ?? .empty
        }
    }

    func configValue(forKey key: String, source: RemoteConfigSource) -> RemoteConfigValue {
        source == .remote ? configValue(forKey: key) : .empty
    }

    func allKeys(from source: RemoteConfigSource) -> [String] {
        source == .remote ? state.withLock { $0.values.keys.sorted() } : []
    }

    func setDefaults(_ defaults: [String: RemoteConfigDefaultValue]) {}

    func defaultValue(forKey key: String) -> RemoteConfigValue? { nil }

    var configUpdates: Observable<RemoteConfigUpdate> { updates.asObservable() }

    func setRemote(_ values: [String: String]) {
        state.withLock { $0.values = values }
    }
}
