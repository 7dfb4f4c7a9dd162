import ArgumentParsing
import PersistenceInterface
import RemoteConfigInterface

/// What a feature plugs into the app: its name, its tables, the remote-config keys it owns with
/// their in-app defaults, its screens, its commands, its part of the summary, and, for the one
/// feature that guards the app (sign-in), the session in front of the screens.
///
/// A feature module ships one value of this type; the app is the list of them
/// (`BistroApp.main(plugins: [...])`). Everything a plugin needs at run time reaches it as
/// `FeatureServices`: interfaces, never implementations.
public struct FeaturePlugin: Sendable {
    /// The feature's name, unique among the plugins: "menu".
    public var name: String
    /// The feature's migrations, in the order they shipped; every plugin's run in one shared
    /// database, in the order of the plugin list. Names must be unique across plugins.
    public var migrations: [Migration]
    /// The remote-config keys the feature owns, with the values used until a server sends others.
    /// A key belongs to one plugin.
    public var remoteConfigDefaults: [String: RemoteConfigDefaultValue]
    /// The tables the feature keeps in step with its keys: each holds one key's value, decoded
    /// (`FeatureServices.remoteConfigTables()` syncs them and follows published templates).
    public var configTables: [RemoteConfigTable]
    /// The feature's commands (`bistro menu ...`), each a `FeatureCommand` type; names unique across plugins.
    public var commands: [any FeatureCommand.Type]
    /// The feature's screens for the full-screen app, as tabs in the order of the plugin list.
    public var screens: [FeatureScreen]
    /// The feature's section of `bistro`'s plain summary, if it has one.
    public var summary: FeatureSummary?
    /// The session in front of the screens (a sign-in), if the feature provides it; at most one plugin does.
    public var session: FeatureSession?

    /// A plugin; everything but the name may be left out.
    public init(
        name: String,
        migrations: [Migration] = [],
        remoteConfigDefaults: [String: RemoteConfigDefaultValue] = [:],
        configTables: [RemoteConfigTable] = [],
        commands: [any FeatureCommand.Type] = [],
        screens: [FeatureScreen] = [],
        summary: FeatureSummary? = nil,
        session: FeatureSession? = nil
    ) {
        self.name = name
        self.migrations = migrations
        self.remoteConfigDefaults = remoteConfigDefaults
        self.configTables = configTables
        self.commands = commands
        self.screens = screens
        self.summary = summary
        self.session = session
    }
}
