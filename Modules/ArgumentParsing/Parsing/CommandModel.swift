/// A command's declarations, found by reflection on a fresh instance: the parser fills that
/// instance's storage, and the help reads the declarations.
struct CommandModel {
    struct Entry {
        let info: DeclarationInfo
        let declared: any Declared
        /// The heading of the option group it came from, if that group has one.
        let groupTitle: String?
    }

    let type: any ParsableCommand.Type
    /// The type's configuration, or the one the caller gave for the root.
    let configuration: CommandConfiguration
    var instance: any ParsableCommand
    private(set) var entries: [Entry] = []
    private(set) var groups: [any DeclaredGroup] = []

    init(_ type: any ParsableCommand.Type, configuration: CommandConfiguration? = nil) {
        self.type = type
        self.configuration = configuration ?? type.configuration
        instance = type.init()
        collect(Mirror(reflecting: instance), title: nil)
    }

    private mutating func collect(_ mirror: Mirror, title: String?) {
        for child in mirror.children {
            let property = child.label.map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 } ?? ""
            if let declared = child.value as? any Declared {
                entries.append(Entry(info: declared.info(property: property), declared: declared, groupTitle: title))
            } else if let group = child.value as? any DeclaredGroup {
                groups.append(group)
                collect(Mirror(reflecting: group.group), title: group.title ?? title)
            }
        }
    }

    var arguments: [Entry] { entries.filter { $0.info.kind == .argument } }

    /// The option or flag called `--name`.
    func entry(long name: String) -> Entry? {
        entries.first { $0.info.kind != .argument && $0.info.longNames.contains(name) }
    }

    /// The option or flag called `-c`.
    func entry(short name: Character) -> Entry? {
        entries.first { $0.info.kind != .argument && $0.info.shortNames.contains(name) }
    }

    /// The word that calls the command.
    var name: String { configuration.commandName ?? type.commandName }

    /// The subcommand called `name`.
    func subcommand(named name: String) -> (any ParsableCommand.Type)? {
        configuration.subcommands.first { $0.commandName == name }
    }
}
