import ArgumentParsing
import FeatureContract
import PersistenceInterface
import RemoteConfigInterface

/// The plugins of one app, checked to fit together: what the app's database, remote config,
/// command line and full screen are made of.
struct PluginHost: Sendable {
    let plugins: [FeaturePlugin]
    /// Every migration: the plugins' in the order of the list, then the host's own.
    let migrations: [Migration]
    /// Every plugin's in-app defaults, merged.
    let remoteConfigDefaults: [String: RemoteConfigDefaultValue]
    /// Every plugin's tables kept in step with remote config.
    let configTables: [RemoteConfigTable]
    /// The session, from the one plugin that provides one.
    let session: FeatureSession?

    /// The commands the host adds itself.
    static let hostCommands: [any FeatureCommand.Type] = [ConfigCommand.self]

    /// Checks that no two plugins share a name, a migration, a remote-config key or a command name,
    /// and that each table kept in step with remote config follows one of its own plugin's keys, once.
    init(_ plugins: [FeaturePlugin]) throws(PluginClash) {
        var names: [String: String] = [:]
        var migrationOwners: [String: String] = [:]
        var keyOwners: [String: String] = [:]
        var commandOwners: [String: String] = Dictionary(uniqueKeysWithValues: Self.hostCommands.map { ($0.commandName, "the app") })
        var sessionOwner: String?
        for plugin in plugins {
            if names.updateValue(plugin.name, forKey: plugin.name) != nil { throw PluginClash("two plugins are named '\(plugin.name)'") }
            for migration in plugin.migrations {
                if let owner = migrationOwners.updateValue(plugin.name, forKey: migration.name) {
                    throw PluginClash("the migration '\(migration.name)' belongs to both '\(owner)' and '\(plugin.name)'")
                }
            }
            for key in plugin.remoteConfigDefaults.keys.sorted() {
                if let owner = keyOwners.updateValue(plugin.name, forKey: key) {
                    throw PluginClash("the remote-config key '\(key)' belongs to both '\(owner)' and '\(plugin.name)'")
                }
            }
            var tableKeys = Set<String>()
            for table in plugin.configTables {
                guard plugin.remoteConfigDefaults[table.key] != nil else {
                    throw PluginClash(
                        "'\(plugin.name)' keeps a table in step with the remote-config key '\(table.key)', "
                            + "which has no default of its own")
                }
                guard tableKeys.insert(table.key).inserted else {
                    throw PluginClash("'\(plugin.name)' keeps two tables in step with the remote-config key '\(table.key)'")
                }
            }
            for command in plugin.commands {
                if let owner = commandOwners.updateValue(plugin.name, forKey: command.commandName) {
                    throw PluginClash("the command '\(command.commandName)' belongs to both '\(owner)' and '\(plugin.name)'")
                }
            }
            if plugin.session != nil {
                if let sessionOwner { throw PluginClash("both '\(sessionOwner)' and '\(plugin.name)' provide the session") }
                sessionOwner = plugin.name
            }
        }
        for migration in HostMigrations.all where migrationOwners[migration.name] != nil {
            throw PluginClash("the migration '\(migration.name)' of '\(migrationOwners[migration.name]!)' is the app's own")
        }
        self.plugins = plugins
        migrations = plugins.flatMap(\.migrations) + HostMigrations.all
        remoteConfigDefaults = plugins.reduce(into: [:]) { $0.merge($1.remoteConfigDefaults) { first, _ in first } }
        configTables = plugins.flatMap(\.configTables)
        session = plugins.lazy.compactMap(\.session).first
    }

    /// The root command's configuration: the plugins' commands in the order of the list, then the host's.
    func rootConfiguration(_ app: AppDescription) -> CommandConfiguration {
        CommandConfiguration(
            commandName: app.name, abstract: app.abstract, discussion: app.discussion, version: app.version,
            subcommands: plugins.flatMap(\.commands) + Self.hostCommands, runsWithoutSubcommand: true)
    }

    /// The screens of the full-screen app, in the order of the list.
    var screens: [FeatureScreen] { plugins.flatMap(\.screens) }

    /// The sections of the summary, in the order of the list.
    var summaries: [FeatureSummary] { plugins.compactMap(\.summary) }
}

/// Two plugins that cannot be in one app: the same name, migration, key or command.
struct PluginClash: Error, CustomStringConvertible, Equatable {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
