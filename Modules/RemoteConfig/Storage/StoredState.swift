import Foundation
import RemoteConfigInterface

/// Everything the client keeps across launches, written as one JSON document so that the fetched
/// and active configs, the ETag and the fetch bookkeeping can never disagree on disk.
struct StoredState: Codable, Sendable, Equatable {
    /// The document format this code writes and reads; another value means the file is not ours to use.
    static let currentFormatVersion = 1

    /// The document format.
    var formatVersion = StoredState.currentFormatVersion
    /// When the app first ran with this state, sent as `firstOpenTime` (Firebase takes it from
    /// Analytics; here it is the state's own first day).
    var firstOpenTime: Date?
    /// The custom signals (`setCustomSignals`), sent with every fetch.
    var customSignals: [String: String]?
    /// The template of the last fetch that brought one, `nil` before the first.
    var fetched: RemoteTemplate?
    /// The template that reads see, `nil` before the first activation.
    var active: RemoteTemplate?
    /// The in-app defaults as bytes.
    var defaults: [String: Data] = [:]
    /// The ETag of `fetched`, sent as `If-None-Match`.
    var etag: String?
    /// When the last successful fetch completed.
    var lastFetchTime: Date?
    /// The outcome of the last fetch attempt (`RemoteConfigFetchStatus.rawValue`).
    var lastFetchStatus = RemoteConfigFetchStatus.noFetchYet.rawValue
    /// The running back-off, if any.
    var backoff: BackoffState?

    /// A fresh state for a first launch at `now`.
    init(firstOpenTime: Date) {
        self.firstOpenTime = firstOpenTime
    }

    /// The last fetch status as the interface's type.
    var fetchStatus: RemoteConfigFetchStatus {
        get { RemoteConfigFetchStatus(rawValue: lastFetchStatus) ?? .noFetchYet }
        set { lastFetchStatus = newValue.rawValue }
    }
}
