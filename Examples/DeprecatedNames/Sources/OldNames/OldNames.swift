import ContactsInterface
import Reactive
import RemoteConfigInterface
import RemoteConfigTesting

/// Every activation of `remoteConfig`, by the name it had.
public func activations(of remoteConfig: any RemoteConfigProtocol) -> Observable<RemoteConfigUpdate> {
    remoteConfig.rx.configUpdates
}

/// The first of `contacts`, by the tutorial's name of one contact.
public func firstContact(of contacts: [SellerContacts]) -> SellerContacts? {
    contacts.first
}

/// The tutorial's hand-fired remote config mock.
public func tutorialMock() -> RemoteConfigMock {
    RemoteConfigMock(values: [:])
}

/// The elements of `events`, failures dropped, with the tutorial's helper.
public func elements(of events: Observable<Event<Int>>) -> Observable<Int> {
    events.flatMapError { _ in Observable<Void>.just(()) }
}
