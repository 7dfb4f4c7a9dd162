import RemoteConfigInterface
import RemoteConfigTesting

/// The remote-config defaults compiled into the app, so that it works on a fresh machine with no server.
enum InAppDefaults {
    // The sample template's menu and contacts (the same the development server serves), so that a
    // server later changes them rather than inventing them.
    static let values: [String: RemoteConfigDefaultValue] = [
        "seller_contacts": .string(RemoteConfigSample.sellerContacts),
        "menu": .string(RemoteConfigSample.menu),
    ]
}
