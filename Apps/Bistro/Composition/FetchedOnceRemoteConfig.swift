import RemoteConfigInterface

/// Remote config as the features see it after the app's one fetch of the run: their own
/// fetch-and-activate answers at once with that fetch's outcome; everything else goes to `base`.
///
/// The features' syncs then never start a second network request, and their writes are queued by
/// the time they are subscribed, so a command can wait for them with a barrier write.
final class FetchedOnceRemoteConfig: RemoteConfigDecorator {
    let base: any RemoteConfigProtocol
    private let outcome: RemoteConfigSync.Outcome

    init(base: any RemoteConfigProtocol, outcome: RemoteConfigSync.Outcome) {
        self.base = base
        self.outcome = outcome
    }

    func fetchAndActivate(completionHandler: RemoteConfigFetchAndActivateCompletion?) {
        completionHandler?(outcome.status, outcome.error)
    }
}
